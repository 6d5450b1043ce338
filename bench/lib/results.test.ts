import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fraction, machineInfo, markdownTable, msFigure, updateReadmeTable } from './results.js';
import { median } from './stats.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'sightline-bench-lib-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('markdownTable', () => {
  it('formats headers, separator and rows', () => {
    expect(
      markdownTable(
        ['a', 'b'],
        [
          [1, 'x'],
          [2, 'y'],
        ],
      ),
    ).toBe('| a | b |\n| --- | --- |\n| 1 | x |\n| 2 | y |');
  });
});

describe('msFigure', () => {
  it('rounds to 0.1 ms and adds a note only when given', () => {
    expect(msFigure(12.345)).toEqual({ value: 12.3, unit: 'ms' });
    expect(msFigure(0.06, 'cold')).toEqual({ value: 0.1, unit: 'ms', note: 'cold' });
  });
});

describe('fraction', () => {
  it('rounds to 3 decimals unless told otherwise', () => {
    expect(fraction(2 / 3)).toEqual({ value: 0.667, unit: 'fraction' });
    expect(fraction(2 / 3, 4)).toEqual({ value: 0.6667, unit: 'fraction' });
  });
});

describe('updateReadmeTable', () => {
  it('replaces only the text between its own markers', async () => {
    const readme = path.join(dir, 'README.md');
    await writeFile(
      readme,
      '# B\n\n<!-- bench:one -->\nold\n<!-- /bench:one -->\n\n<!-- bench:two -->\nkeep\n<!-- /bench:two -->\n',
    );
    await updateReadmeTable('one', '| new |\n', readme);
    expect(await readFile(readme, 'utf8')).toBe(
      '# B\n\n<!-- bench:one -->\n| new |\n<!-- /bench:one -->\n\n<!-- bench:two -->\nkeep\n<!-- /bench:two -->\n',
    );
  });

  it('appends a section when the markers are missing', async () => {
    const readme = path.join(dir, 'README.md');
    await writeFile(readme, '# B\n');
    await updateReadmeTable('three', 'table', readme);
    expect(await readFile(readme, 'utf8')).toBe(
      '# B\n\n## three\n\n<!-- bench:three -->\ntable\n<!-- /bench:three -->\n',
    );
  });
});

describe('median and machineInfo', () => {
  it('takes the middle value, or the mean of the two middle ones', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(() => median([])).toThrow();
  });

  it('describes the machine', () => {
    const machine = machineInfo();
    expect(machine.cores).toBeGreaterThan(0);
    expect(machine.memoryGiB).toBeGreaterThan(0);
    expect(machine.loadAverage).toBeGreaterThanOrEqual(0);
  });
});
