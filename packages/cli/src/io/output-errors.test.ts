import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { guardOutputStreams } from './output-errors.js';

function guarded(stopGracefully: () => boolean) {
  const exits: number[] = [];
  const written: string[] = [];
  const stdout = new EventEmitter();
  const stderr = Object.assign(new EventEmitter(), {
    write: (text: string) => written.push(text),
  });
  guardOutputStreams({
    streams: { stdout, stderr },
    exit: (code) => exits.push(code),
    stopGracefully,
  });
  const fail = (code: string) => stdout.emit('error', Object.assign(new Error(code), { code }));
  return { exits, written, fail };
}

describe('guardOutputStreams', () => {
  it('ends a one-shot command with 0 when the reader goes away', () => {
    const { exits, written, fail } = guarded(() => false);
    fail('EPIPE');
    expect(exits).toEqual([0]);
    expect(written).toEqual([]);
  });

  it('stops a long-running command as SIGTERM would, and ignores the errors after', () => {
    // Trial 47: `serve --demo --once | head -1` exited at once, leaving the demo's folder and
    // its API token behind; the service's own close would have removed them.
    let stops = 0;
    const { exits, written, fail } = guarded(() => {
      stops += 1;
      return true;
    });
    fail('EPIPE');
    fail('EPIPE');
    fail('ERR_STREAM_DESTROYED');
    expect([stops, exits, written]).toEqual([1, [], []]);
  });

  it('says why other errors happened and ends with 2', () => {
    const { exits, written, fail } = guarded(() => true);
    fail('ENOSPC');
    expect(exits).toEqual([2]);
    expect(written.join('')).toContain('no space left on the device (ENOSPC)');
  });
});
