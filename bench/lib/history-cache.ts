/**
 * bench:history's per-case cache: each stage of a case (its regression window, its suspects, the
 * blames of its ranges, its bug-introducing commits) is kept as JSON in bench/.cache/history/<stage>/
 * under a key made of what the result depends on (the committed code of the stage, the case's
 * facts), so a re-run measures only what changed and shards can fill it side by side.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { BENCH_DIR } from './npm-pack.js';

/** Root of bench:history's cache (clones, index caches and stage results). */
export const HISTORY_CACHE = path.join(BENCH_DIR, '.cache', 'history');

/**
 * A key for the code at `paths` as committed at HEAD (git's ids of its files), so an uncommitted
 * edit never passes for the measured code.
 * @param paths repository-relative files or folders.
 * @param leaveOut files under them that do not change the stage's result.
 * @returns 16 hex digits.
 */
export function codeKey(paths: readonly string[], leaveOut?: RegExp): string {
  const listing = execFileSync('git', ['ls-tree', '-r', 'HEAD', ...paths], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
    .split('\n')
    .filter((line) => !leaveOut?.test(line))
    .join('\n');
  return hashOf(listing);
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
 * @param key what the result depends on ({@link codeKey}).
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
