/**
 * No mangled real crash log ends the offline main job with an internal error. The repository is
 * real code (a copy of Sightline's own report parser, `packages/intake/src/parse`) plus an empty
 * file and a binary one; the reports are the real crash logs of `../shared/data/crashes` (every
 * runtime's format), mangled by a seeded generator: truncated mid-frame, frames retargeted at the
 * repository's files (real, empty, binary, missing) or outside it with absurd line numbers,
 * garbled characters, raw binary bytes, a huge line, lines shuffled. A failure names the seed and
 * the iteration that reproduce it. Every run must end with a verified diagnosis whose suspects lie
 * inside their files, or a SightlineError about the input. Skips where ../shared is absent.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { indexRepository, type RepositoryIndex } from '@sightline/codebase';
import { SightlineError } from '@sightline/core';
import { seededRandom, sharedDataTitle } from '@sightline/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { investigate } from './investigate.js';

const RUNS = 100;
const SEED = 0x5eed_13;
/** Errors about the input itself, which a user can act on. */
const INPUT_ERRORS = new Set(['REPORT_EMPTY', 'REPORT_TOO_LARGE', 'REPORT_UNPARSEABLE']);

const here = path.dirname(fileURLToPath(import.meta.url));
const CRASHES = path.resolve(here, '../../../../../shared/data/crashes');
const PARSER_SOURCE = path.resolve(here, '../../../intake/src/parse');

const shared = sharedDataTitle('investigate on mangled real crash logs', CRASHES);
const crashLogs = shared.present
  ? readdirSync(CRASHES)
      .filter((name) => name !== 'index.json')
      .sort()
      .map((name) => readFileSync(path.join(CRASHES, name), 'utf8'))
  : [];

type Random = () => number;
const below = (random: Random, n: number) => Math.floor(random() * n);
const oneOf = <T>(random: Random, list: readonly T[]): T => list[below(random, list.length)] as T;

const OUTSIDE = [
  '../../etc/passwd',
  '/etc/shadow',
  'C:\\Windows\\system32\\kernel32.dll',
  '~/.ssh/id_rsa',
];
const LINE_NUMBERS = ['0', '1', '-7', '99999999', 'NaN', '2:3', '1e9', ''];
/** Paths inside stack frames of the usual runtimes: `(file:12:3)`, `File "x", line`, `x.go:12`. */
const FRAME_PATH =
  /([\w./\\-]+\.(?:js|ts|py|go|rs|java|kt|swift|m|cs|php|rb))(["']?)([:(, ]+(?:line )?)(\d+)/g;

/** One mangling step; `files` are the repository's paths (real, empty, binary, missing). */
const MANGLERS: ((text: string, random: Random, files: readonly string[]) => string)[] = [
  // Truncated anywhere, mid-frame included.
  (text, random) => text.slice(0, below(random, text.length + 1)),
  // Frames retargeted at the repository or outside it, with odd line numbers.
  (text, random, files) =>
    text.replace(FRAME_PATH, (_all, _file, quote, glue) => {
      const target = random() < 0.8 ? oneOf(random, files) : oneOf(random, OUTSIDE);
      return `${target}${quote}${glue}${oneOf(random, LINE_NUMBERS)}`;
    }),
  // Garbled characters in a stretch of the text.
  (text, random) => {
    const start = below(random, text.length + 1);
    const garbled = Array.from({ length: below(random, 200) }, () =>
      String.fromCharCode(
        oneOf(random, [0, 0xfffd, 0x202e, 0xd800, 10, 58, 40, 41, below(random, 0x3000)]),
      ),
    ).join('');
    return text.slice(0, start) + garbled + text.slice(start + garbled.length);
  },
  // Raw binary bytes pasted in.
  (text, random) => {
    const start = below(random, text.length + 1);
    const bytes = Buffer.from(Array.from({ length: 64 }, () => below(random, 256))).toString(
      'latin1',
    );
    return text.slice(0, start) + bytes + text.slice(start);
  },
  // A huge line (a minified bundle or a base64 blob pasted into the report).
  (text, random) => `${text}\n${'aZ9+/'.repeat(20_000 + below(random, 20_000))}\n`,
  // Lines shuffled: frames out of order, the header in the middle.
  (text, random) => {
    const lines = text.split('\n');
    for (let i = lines.length - 1; i > 0; i--) {
      const j = below(random, i + 1);
      [lines[i], lines[j]] = [lines[j] as string, lines[i] as string];
    }
    return lines.join('\n');
  },
];

/** The report of run `run`: a real crash log put through one to three manglers. */
function reportOf(run: number, files: readonly string[]): string | Buffer {
  const random = seededRandom(SEED + run);
  let text = oneOf(random, crashLogs);
  const steps = 1 + below(random, 3);
  for (let step = 0; step < steps; step++) text = oneOf(random, MANGLERS)(text, random, files);
  return random() < 0.2 ? Buffer.from(text, 'latin1') : text;
}

let root: string;
let index: RepositoryIndex;
let files: string[];

describe.skipIf(!shared.present)(shared.title, () => {
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'sightline-crash-fuzz-'));
    await cp(PARSER_SOURCE, path.join(root, 'src/parse'), { recursive: true });
    await writeFile(path.join(root, 'package.json'), '{"name":"report-parser"}\n');
    await writeFile(path.join(root, 'src/empty.ts'), '');
    await writeFile(
      path.join(root, 'src/logo.png'),
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2]),
    );
    index = await indexRepository(root, { cacheDir: false });
    files = [...index.files.keys(), 'src/empty.ts', 'src/logo.png', 'src/missing.ts'];
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it(`ends ${RUNS} mangled crash logs with a verified diagnosis or an input error`, async () => {
    expect(index.files.size).toBeGreaterThan(20);
    let diagnosed = 0;
    let pointed = 0;
    for (let run = 0; run < RUNS; run++) {
      const report = reportOf(run, files);
      try {
        const { verification, diagnosis } = await investigate({ repo: root, report, index });
        expect(verification.errors, `seed ${SEED} run ${run}`).toEqual([]);
        for (const suspect of diagnosis.suspects) {
          const lineCount = index.files.get(suspect.path)?.lineCount;
          expect(lineCount, `seed ${SEED} run ${run}: ${suspect.path}`).toBeDefined();
          expect(suspect.lines[0], `seed ${SEED} run ${run}`).toBeGreaterThanOrEqual(1);
          expect(suspect.lines[1], `seed ${SEED} run ${run}`).toBeLessThanOrEqual(lineCount ?? 0);
        }
        diagnosed += 1;
        if (diagnosis.suspects.length > 0) pointed += 1;
      } catch (error) {
        const code = SightlineError.isInstance(error) ? error.code : undefined;
        expect(
          code !== undefined && INPUT_ERRORS.has(code),
          `seed ${SEED} run ${run} threw ${String(error)}\n--- report ---\n${String(report).slice(0, 2_000)}`,
        ).toBe(true);
      }
    }
    // Mangling must leave most reports readable, or the test would only exercise refusals.
    // and most must point into the repository, or suspects would never be checked.
    expect(diagnosed).toBeGreaterThan(RUNS / 2);
    expect(pointed).toBeGreaterThan(RUNS / 2);
  }, 120_000);
});
