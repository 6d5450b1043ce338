/**
 * bench:history's per-case cache: each stage of a case (its regression window, its suspects, the
 * blames of its ranges, its bug-introducing commits) is kept as JSON in bench/.cache/history/<stage>/
 * under a key made of what the result depends on (the source the stage runs, the case's
 * facts), so a re-run measures only what changed and shards can fill it side by side.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sourceClosureHash } from './localize-source-closure.js';
import { BENCH_DIR } from './npm-pack.js';

/** Root of bench:history's cache (clones, index caches and stage results). */
export const HISTORY_CACHE = path.join(BENCH_DIR, '.cache', 'history');

/** The workspace root (the folder holding `packages/` and `bench/`). */
const ROOT = path.resolve(BENCH_DIR, '..');

/**
 * A key for the code a stage runs: the source closures of its entry modules
 * (`sourceClosureHash` of localize-source-closure.ts: every module they import, transitively,
 * across the workspace packages, as the files are now), so a change to any module the stage runs
 * gives a new key and an edit (committed or not) never passes for the measured code.
 * @param entries repository-relative entry modules (each included whole, with its closure).
 * @param leaveOut files neither included nor followed (code the stage provably never runs).
 * @returns 16 hex digits.
 * @throws Error when an entry or a module it imports cannot be read.
 */
export function sourceKey(entries: readonly string[], leaveOut?: RegExp): string {
  return hashOf(
    ...entries.map(
      (entry) => `${entry}\0${sourceClosureHash(ROOT, path.join(ROOT, entry), leaveOut)}`,
    ),
  );
}

/** 16 hex digits of the SHA-256 of the parts joined. */
export function hashOf(...parts: readonly string[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part).update('\0');
  return hash.digest('hex').slice(0, 16);
}

const stageFile = (stage: string, key: string, id: string) =>
  path.join(HISTORY_CACHE, stage, key, `${id}.json`);

/**
 * A stage's kept result for a case, or `undefined` when it was never measured under this key.
 * @param stage the stage's folder name.
 * @param key what the result depends on ({@link sourceKey}).
 * @param id the case's id.
 */
export function readStage<T>(stage: string, key: string, id: string): T | undefined {
  const file = stageFile(stage, key, id);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : undefined;
}

/** Keeps a stage's result for a case (written whole, then renamed: a shard never reads half). */
export function keepStage<T>(stage: string, key: string, id: string, value: T): T {
  const file = stageFile(stage, key, id);
  mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.tmp`;
  writeFileSync(partial, JSON.stringify(value));
  renameSync(partial, file);
  return value;
}

/**
 * The kept result, or computes, keeps and returns it.
 * @param compute measures the stage (may throw; nothing is kept then).
 */
export async function cachedStage<T>(
  stage: string,
  key: string,
  id: string,
  compute: () => Promise<T>,
): Promise<T> {
  const kept = readStage<T>(stage, key, id);
  return kept !== undefined ? kept : keepStage(stage, key, id, await compute());
}
