import { describe, expect, it } from 'vitest';
import { normalizeFrame } from './peer-trace-normalize.js';
import { alignFrames, scoreCase } from './peer-trace-score.js';
import type { PeerCase } from './peer-traces.js';

const FIELDS = ['function', 'file', 'line', 'column'] as const;
const expected = (frame: Parameters<typeof normalizeFrame>[0]) => ({
  frame: normalizeFrame(frame),
  asserted: [...FIELDS],
});
const actual = (frame: Parameters<typeof normalizeFrame>[0], inApp = true) => ({
  ...normalizeFrame(frame),
  inApp,
});

describe('normalizeFrame', () => {
  it('removes the conventions peers differ on', () => {
    expect(
      normalizeFrame({
        function: 'async Foo.bar [as baz]',
        file: 'file:///C:/app/x.js',
        line: 3,
        column: null,
      }),
    ).toEqual({ function: 'Foo.bar', file: 'C:/app/x.js', line: 3 });
    expect(normalizeFrame({ function: 'test/</<', file: '[native code]' })).toEqual({
      function: 'test',
    });
    for (const name of [
      '?',
      '<anonymous>',
      '<unknown>',
      'Object.<anonymous>',
      'global code',
      'Anonymous function',
    ]) {
      expect(normalizeFrame({ function: name, file: 'webpack:///./src/a.js' })).toEqual({
        file: 'src/a.js',
      });
    }
    expect(normalizeFrame({ function: 'eval code', file: 'eval code' })).toEqual({
      function: 'eval',
    });
  });
});

describe('scoreCase', () => {
  const peerCase: PeerCase = {
    id: 1,
    suite: 'stacktrace-parser',
    test: 'three frames',
    text: '',
    frames: [
      expected({ function: 'a', file: 'x.js', line: 1, column: 1 }),
      expected({ function: 'b', file: 'x.js', line: 2, column: 2 }),
      expected({ function: 'c', file: 'x.js', line: 3, column: 3 }),
    ],
    countAsserted: true,
    framesToPop: 0,
  };

  it('pairs frames so that one missing frame costs only itself', () => {
    const found = [
      actual({ function: 'a', file: 'x.js', line: 1, column: 1 }),
      actual({ function: 'c', file: 'x.js', line: 3, column: 3 }),
    ];
    expect(alignFrames(peerCase.frames, found)).toEqual([0, -1, 1]);
    const score = scoreCase(peerCase, found);
    expect(score).toMatchObject({
      countMismatch: true,
      noFrame: false,
      exact: false,
      frames: { agree: 2, total: 3 },
    });
    expect(score.fields.line).toEqual({ agree: 2, total: 3 });
  });

  it('counts a field that differs, and no frame at all', () => {
    const found = peerCase.frames.map((slot) => ({ ...slot?.frame, inApp: true }));
    found[2] = { ...found[2], column: 9, inApp: true };
    const score = scoreCase(peerCase, found);
    expect(score.frames).toEqual({ agree: 2, total: 3 });
    expect(score.fields.column).toEqual({ agree: 2, total: 3 });
    expect(score.fields.function).toEqual({ agree: 3, total: 3 });
    expect(scoreCase(peerCase, []).noFrame).toBe(true);
  });
});
