/**
 * No report ends the offline main job with an internal error. Reports are built from fragments
 * (stack frames in several runtimes' formats pointing at real, empty, missing, binary and
 * generated files with absurd line numbers; error messages; pasted environment lines; noise) and
 * combined deterministically (a multiplicative stride over the fragment lists), so a failure
 * names the iteration that reproduces it. Every run must end with a verified diagnosis or a
 * SightlineError about the input.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RepositoryIndex } from '@sightline/codebase';
import { indexRepository } from '@sightline/codebase';
import { SightlineError } from '@sightline/core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { investigate } from './investigate.js';

const RUNS = 240;
/** Errors about the input itself, which a user can act on. */
const INPUT_ERRORS = new Set(['REPORT_EMPTY', 'REPORT_TOO_LARGE', 'REPORT_UNPARSEABLE']);

const FILES: Record<string, string> = {
  'package.json': '{"name":"fuzzed-app"}\n',
  'lib/empty.js': '',
  'lib/cart.js':
    'export function cartTotal(items) {\n  let total = 0;\n  for (let i = 1; i < items.length; i++) total += items[i].price;\n  return total;\n}\n',
  'lib/assert.js':
    "export function expectNumber(value) {\n  if (typeof value !== 'number') throw new TypeError('not a number');\n}\n",
  'src/Widget.java':
    'package app;\n\npublic class Widget {\n  public void resize(int width) {\n    if (width < 0) throw new IllegalArgumentException();\n  }\n}\n',
  'app/models.py':
    'class Order:\n    def __init__(self, lines):\n        self.lines = lines\n\n    def total(self):\n        return sum(line.price for line in self.lines)\n',
  'dist/bundle.min.js': `!function(){${'var a=1;'.repeat(400)}}();\n`,
  'assets/logo.png': '\u0089PNG\r\n\u001a\n\u0000\u0000',
};

const PATHS = [
  'lib/empty.js',
  'lib/cart.js',
  'lib/assert.js',
  'lib/missing.js',
  'dist/bundle.min.js',
  'assets/logo.png',
  'src/Widget.java',
  'app/models.py',
  '../../etc/passwd',
  '/abs/outside/lib/cart.js',
  'node_modules/fuzzed-app/lib/cart.js',
  'C:\\work\\app\\lib\\cart.js',
];
const LINES = ['0', '1', '3', '-4', '99999999', '2:7', 'NaN', ''];
const FRAMES = [
  (file: string, line: string) => `    at cartTotal (${file}:${line}:5)`,
  (file: string, line: string) => `  File "${file}", line ${line}, in total`,
  (file: string, line: string) => `\tat app.Widget.resize(${path.basename(file)}:${line})`,
  (file: string, line: string) => `main.run()\n\t/home/u/${file}:${line} +0x1d`,
  (file: string, line: string) => `#0 ${file}(${line}): Order->total()`,
  (file: string, line: string) => `   at App.Widget.Resize() in ${file}:line ${line}`,
];
const MESSAGES = [
  "TypeError: Cannot read properties of undefined (reading 'price')",
  "AttributeError: 'Order' object has no attribute 'totl'",
  'java.lang.IllegalArgumentException',
  'panic: runtime error: index out of range [1] with length 1',
  "TypeError: Order.__init__() got an unexpected keyword argument 'items'",
  '',
];
const NOISE = [
  'The total is wrong when the cart has one item.',
  '## Environment\n- OS: macOS 14.2\n- Node.js version: 20.10.0',
  '```\n\u0000\uFFFD\u202E😀\n```',
  'x'.repeat(5_000),
  '{"exception":{"values":[{"type":"Error","stacktrace":{"frames":[{"filename":"lib/empty.js","lineno":1}]}}]}}',
  'index __init__ fuzzed-app version 1.2.3',
];

function pick<T>(list: readonly T[], run: number, stride: number): T {
  return list[(run * stride + Math.floor(run / list.length)) % list.length] as T;
}

function reportOf(run: number): string {
  const frames = Array.from({ length: (run % 4) + 1 }, (_, depth) =>
    pick(FRAMES, run + depth, 5)(pick(PATHS, run + depth, 7), pick(LINES, run + depth, 3)),
  );
  return [pick(MESSAGES, run, 11), ...frames, pick(NOISE, run, 13)].join('\n');
}

let root: string;
let index: RepositoryIndex;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'sightline-fuzz-'));
  for (const [file, content] of Object.entries(FILES)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), content);
  }
  index = await indexRepository(root, { cacheDir: false });
});
afterAll(() => rm(root, { recursive: true, force: true }));

it(`ends ${RUNS} fuzzed reports with a verified diagnosis or an input error`, async () => {
  for (let run = 0; run < RUNS; run++) {
    const report = reportOf(run);
    try {
      const { verification, diagnosis } = await investigate({ repo: root, report, index });
      expect(verification.ok, `run ${run}`).toBe(true);
      for (const suspect of diagnosis.suspects) {
        expect(suspect.lines[0], `run ${run}`).toBeGreaterThanOrEqual(1);
      }
    } catch (error) {
      const code = SightlineError.isInstance(error) ? error.code : undefined;
      expect(
        code !== undefined && INPUT_ERRORS.has(code),
        `run ${run} threw ${String(error)}\n--- report ---\n${report.slice(0, 2_000)}`,
      ).toBe(true);
    }
  }
}, 120_000);
