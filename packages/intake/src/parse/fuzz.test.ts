/**
 * Fuzzing: 10,000 random and mutated inputs (byte flips, truncation, splicing, duplication, random
 * Unicode) built from the real samples and the fixtures. Only SightlineError may escape, no parser
 * may fail into the text fallback. No time target here (speed lives in bench:intake): the test's own
 * timeout only catches a hang, such as a regular expression backtracking without end on one input.
 * The PRNG is seeded (mulberry32), so a failure names the seed and iteration that reproduce it.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { SightlineError } from '@sightline/core';
import { seededRandom } from '@sightline/core/testing';
import { expect, it } from 'vitest';
import { parseReport, parseReports } from './parse-report.js';

const SEED = 0x5eed1;
const RUNS = 10_000;
const MAX_SAMPLE_BYTES = 4_000;

function samples(): Buffer[] {
  const folders = [
    path.join(import.meta.dirname, '__fixtures__'),
    path.resolve(process.cwd(), '../shared/data/crashes'),
    path.resolve(process.cwd(), '../shared/data/cases'),
  ];
  return folders
    .filter((folder) => existsSync(folder))
    .flatMap((folder) => readdirSync(folder).map((name) => readFileSync(path.join(folder, name))));
}

const UNICODE = [
  '\u0000',
  '\uFFFD',
  '\u202E',
  '\uD83D',
  '\uDE00',
  '😀',
  'é',
  '\r',
  '\n',
  '`',
  '```\n',
  '@',
  ':',
  '(',
  ')',
  '"',
  '{',
  '}',
  '\t',
  ' at ',
];

function mutate(corpus: Buffer[], random: () => number): string | Buffer | object {
  const pick = <T>(list: T[]): T => list[Math.floor(random() * list.length)] as T;
  const source = pick(corpus);
  const start = Math.floor(random() * Math.max(1, source.length - MAX_SAMPLE_BYTES));
  let bytes = Buffer.from(source.subarray(start, start + MAX_SAMPLE_BYTES));
  const operations = 1 + Math.floor(random() * 4);
  for (let step = 0; step < operations; step += 1) {
    const at = Math.floor(random() * (bytes.length + 1));
    switch (Math.floor(random() * 7)) {
      case 0: // byte flips
        for (let flip = 0; flip < 1 + random() * 20; flip += 1) {
          const index = Math.floor(random() * bytes.length);
          if (bytes.length > 0) bytes[index] = Math.floor(random() * 256);
        }
        break;
      case 1: // truncation
        bytes = bytes.subarray(0, at);
        break;
      case 2: {
        // splice in part of another sample
        const other = pick(corpus);
        const from = Math.floor(random() * other.length);
        bytes = Buffer.concat([
          bytes.subarray(0, at),
          other.subarray(from, from + 1_000),
          bytes.subarray(at),
        ]);
        break;
      }
      case 3: {
        // duplicate a slice
        const slice = bytes.subarray(at, at + Math.floor(random() * 500));
        bytes = Buffer.concat([bytes.subarray(0, at), slice, slice, slice, bytes.subarray(at)]);
        break;
      }
      case 4: {
        // random Unicode and syntax characters
        const inserted = Array.from({ length: 1 + Math.floor(random() * 30) }, () =>
          pick(UNICODE),
        ).join('');
        bytes = Buffer.concat([bytes.subarray(0, at), Buffer.from(inserted), bytes.subarray(at)]);
        break;
      }
      case 5: {
        // random bytes
        const noise = Buffer.from(
          Array.from({ length: Math.floor(random() * 300) }, () => Math.floor(random() * 256)),
        );
        bytes = Buffer.concat([bytes.subarray(0, at), noise, bytes.subarray(at)]);
        break;
      }
      default: // line shuffle
        bytes = Buffer.from(
          bytes
            .toString('utf8')
            .split('\n')
            .sort(() => random() - 0.5)
            .join('\n'),
        );
    }
  }
  const form = random();
  if (form < 0.4) return bytes;
  const text = bytes.toString('utf8');
  if (form < 0.9) return text;
  try {
    return JSON.parse(text) ?? text;
  } catch {
    return { title: text.slice(0, 80), body: text };
  }
}

/** Ample for 10,000 parses on a loaded 2-core machine (about 10 s of CPU when idle); a hang trips it. */
const HANG_TIMEOUT_MS = 300_000;

it(`survives ${RUNS} random and mutated inputs (seed ${SEED})`, {
  timeout: HANG_TIMEOUT_MS,
}, () => {
  const corpus = samples();
  expect(corpus.length).toBeGreaterThan(5);
  const random = seededRandom(SEED);
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  const codes = new Map<string, number>();
  for (let run = 0; run < RUNS; run += 1) {
    const input = mutate(corpus, random);
    try {
      const reports = run % 2 === 0 ? [parseReport(input)] : parseReports(input);
      for (const report of reports) {
        const failed = report.notes?.find((note) => note.includes('parser failed'));
        if (failed) throw new Error(`run ${run} (seed ${SEED}): ${failed}`);
      }
    } catch (error) {
      if (!SightlineError.isInstance(error)) {
        throw new Error(`run ${run} (seed ${SEED}) threw ${String(error)}`, { cause: error });
      }
      codes.set(error.code, (codes.get(error.code) ?? 0) + 1);
    }
  }
  const seconds = (performance.now() - started) / 1_000;
  const cpu = process.cpuUsage(cpuStarted);
  const cpuSeconds = (cpu.user + cpu.system) / 1_000_000;
  console.info(
    `fuzz: ${RUNS} inputs in ${seconds.toFixed(1)} s wall, ${cpuSeconds.toFixed(1)} s CPU; SightlineError codes: ${JSON.stringify(Object.fromEntries(codes))}`,
  );
});
