import type { Definition, IndexedFile } from '@sightline/codebase';
import { describe, expect, it } from 'vitest';
import { frameRange } from './frame-range.js';

const definition = (
  name: string,
  kind: Definition['kind'],
  lines: [number, number],
  scope: string[] = [],
): Definition => ({ name, kind, lines, scope, path: 'lib/stringify.js', signature: '' });

// A file as qs's lib/stringify.js is laid out: a helper, an options normalizer, the export.
const file: IndexedFile = {
  path: 'lib/stringify.js',
  language: 'javascript',
  size: 1,
  lineCount: 290,
  mtimeMs: 0,
  definitions: [
    definition('stringify', 'function', [58, 161]),
    definition('normalizeStringifyOptions', 'function', [163, 215]),
    definition('Formatter', 'class', [220, 280]),
    definition('format', 'method', [230, 250], ['Formatter']),
    definition('callback', 'function', [235, 240], ['Formatter', 'format']),
  ],
  references: [],
};

describe('frameRange', () => {
  it("takes the function a frame names when its line is past the file's end", () => {
    const { range, moved } = frameRange(file, { line: 9999, function: 'stringify' });
    expect(range).toEqual({ lines: [58, 161], symbol: 'stringify' });
    expect(moved).toMatch(/line 9999 is past the end of the file \(290 lines\).*another version/);
  });

  it('takes the function a frame names when its line lies in another function', () => {
    const { range, moved } = frameRange(file, { line: 200, function: 'Object.stringify' });
    expect(range).toEqual({ lines: [58, 161], symbol: 'stringify' });
    expect(moved).toMatch(/line 200 lies in `normalizeStringifyOptions`/);
  });

  it('keeps the line when a function around it is the one named, or when none is defined', () => {
    // Inside a callback of the named method: the method encloses the line.
    expect(frameRange(file, { line: 238, function: 'Formatter.format' })).toEqual({
      range: { lines: [235, 240], symbol: 'callback' },
    });
    expect(frameRange(file, { line: 200, function: 'Object.<anonymous>' }).moved).toBeUndefined();
    expect(frameRange(file, { line: 200, function: 'render' }).moved).toBeUndefined();
    expect(frameRange(file, { line: 200 }).moved).toBeUndefined();
  });

  it('reads an Objective-C method by its first selector keyword, not its argument labels', () => {
    // Fresh-user trial 183: a stale line of `-[… pop:commandId:mergeOptions:…]` moved the range to
    // `mergeOptions`, a later keyword, when the file defines `pop` too.
    const handler: IndexedFile = {
      ...file,
      path: 'lib/ios/RNNCommandsHandler.m',
      language: 'objc',
      lineCount: 400,
      definitions: [
        definition('RNNCommandsHandler', 'class', [20, 390]),
        definition('mergeOptions', 'method', [113, 134], ['RNNCommandsHandler']),
        definition('push', 'method', [200, 240], ['RNNCommandsHandler']),
        definition('pop', 'method', [289, 319], ['RNNCommandsHandler']),
      ],
    };
    const { range, moved } = frameRange(handler, {
      line: 210,
      function: '-[RNNCommandsHandler pop:commandId:mergeOptions:completion:rejection:]',
    });
    expect(range.lines).toEqual([289, 319]);
    expect(moved).toMatch(/line 210 lies in `push`/);
  });

  it('reads the method before its class, and Java lambda names', () => {
    // Line 100 lies in stringify: Formatter.format's frame is from another version.
    expect(frameRange(file, { line: 100, function: 'pkg.Formatter.format' }).range.symbol).toBe(
      'Formatter.format',
    );
    expect(frameRange(file, { line: 100, function: 'lambda$stringify$0' }).moved).toBeUndefined();
    expect(frameRange(file, { line: 170, function: 'Foo.stringify [as run]' }).range.symbol).toBe(
      'stringify',
    );
  });
});
