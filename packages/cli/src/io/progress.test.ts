import { describe, expect, it } from 'vitest';
import { createProgress } from './progress.js';

function plainStream() {
  const lines: string[] = [];
  const stream = {
    isTTY: false,
    write(text: string) {
      lines.push(text);
      return true;
    },
  } as unknown as NodeJS.WriteStream;
  return { stream, lines };
}

describe('createProgress without a terminal', () => {
  it('prints plain lines, one per counter within a second, every distinct step', () => {
    const { stream, lines } = plainStream();
    const progress = createProgress({ stream });
    progress.update('Reading the report');
    for (let done = 1; done <= 500; done++) progress.update(`Indexing (${done}/500 files)`);
    progress.update('Ranking suspect files');
    progress.succeed('Verified diagnosis');
    expect(lines).toEqual([
      'Reading the report\n',
      'Indexing (1/500 files)\n',
      'Ranking suspect files\n',
      'Verified diagnosis\n',
    ]);
  });

  it('prints nothing when quiet', () => {
    const { stream, lines } = plainStream();
    const progress = createProgress({ stream, quiet: true });
    progress.update('x');
    progress.succeed('y');
    expect(lines).toEqual([]);
  });
});
