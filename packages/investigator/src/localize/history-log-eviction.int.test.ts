import {
  chown,
  lstat,
  lutimes,
  mkdtemp,
  readdir,
  rm,
  stat,
  symlink,
  utimes,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { evictHistoryLogs, STALE_TEMPORARY_MS } from './history-log-eviction.js';

let dir: string;
const NOW = Date.UTC(2026, 0, 1);

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'sightline-history-log-eviction-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/** An entry's id: 16 hex digits. */
const id = (n: number) => n.toString(16).padStart(16, '0');

/** Writes a file of `bytes` bytes last modified `ageMs` before {@link NOW}. */
async function plant(name: string, bytes: number, ageMs: number, mode = 0o600): Promise<void> {
  const file = path.join(dir, name);
  await writeFile(file, 'x'.repeat(bytes), { mode });
  const at = new Date(NOW - ageMs);
  await utimes(file, at, at);
}

describe('evictHistoryLogs', () => {
  it('keeps the newest entries within the count, the kept one whatever its age', async () => {
    // Entry 1 is the oldest but just written; 2 (logs and index) is the newest of the rest.
    await plant(`${id(1)}.json`, 10, 50_000);
    await plant(`${id(2)}.json`, 10, 3_000);
    await plant(`${id(2)}.bm25.json`, 10, 1_000);
    await plant(`${id(3)}.json`, 10, 2_000);
    await plant(`${id(4)}.json`, 10, 4_000);
    const removed = await evictHistoryLogs(dir, { keep: id(1), maxEntries: 3, now: NOW });
    expect(removed).toEqual([`${id(4)}.json`]);
    expect((await readdir(dir)).sort()).toEqual(
      [`${id(1)}.json`, `${id(2)}.bm25.json`, `${id(2)}.json`, `${id(3)}.json`].sort(),
    );
  });

  it('keeps the newest entries within the size, least recently used first to go', async () => {
    await plant(`${id(1)}.json`, 100, 0);
    await plant(`${id(2)}.json`, 60, 1_000);
    await plant(`${id(2)}.bm25.json`, 30, 1_000);
    // Small, but older than one that does not fit: it goes too.
    await plant(`${id(3)}.json`, 50, 2_000);
    await plant(`${id(4)}.json`, 1, 3_000);
    const removed = await evictHistoryLogs(dir, { keep: id(1), maxBytes: 200, now: NOW });
    expect(removed).toEqual([`${id(3)}.json`, `${id(4)}.json`]);
    // The kept entry stays even alone past the size.
    expect(await evictHistoryLogs(dir, { keep: id(1), maxBytes: 1, now: NOW })).toEqual([
      `${id(2)}.bm25.json`,
      `${id(2)}.json`,
    ]);
    expect(await readdir(dir)).toEqual([`${id(1)}.json`]);
  });

  it("removes stale temporaries, leaves other files, and makes the user's loose files private", async () => {
    await plant(`${id(1)}.json`, 1, 0, 0o644);
    await plant(`${id(1)}.json.123.abc.tmp`, 1, STALE_TEMPORARY_MS + 1);
    await plant(`${id(1)}.bm25.json.124.abd.tmp`, 1, 1_000);
    await plant('notes.txt', 1, STALE_TEMPORARY_MS * 10, 0o644);
    await plant(`${id(2)}.json.tmp`, 1, STALE_TEMPORARY_MS * 10);
    const removed = await evictHistoryLogs(dir, { keep: id(1), maxEntries: 1, now: NOW });
    expect(removed).toEqual([`${id(1)}.json.123.abc.tmp`]);
    expect((await readdir(dir)).sort()).toEqual(
      [`${id(1)}.bm25.json.124.abd.tmp`, `${id(1)}.json`, `${id(2)}.json.tmp`, 'notes.txt'].sort(),
    );
    expect((await stat(path.join(dir, `${id(1)}.json`))).mode & 0o777).toBe(0o600);
    expect((await stat(path.join(dir, 'notes.txt'))).mode & 0o777).not.toBe(0o600);
  });

  it('neither follows, chmods nor removes a symbolic link named as an entry or a temporary', async () => {
    // A repository's committed .sightline/cache/history-log/ can hold links to the user's files.
    const victim = path.join(dir, '..', `${path.basename(dir)}-victim`);
    await writeFile(victim, 'precious', { mode: 0o644 });
    try {
      await plant(`${id(1)}.json`, 1, 0);
      const old = new Date(NOW - STALE_TEMPORARY_MS * 10);
      for (const name of [`${id(2)}.json`, `${id(3)}.bm25.json`, `${id(4)}.json.1.a.tmp`]) {
        await symlink(victim, path.join(dir, name));
        await lutimes(path.join(dir, name), old, old);
      }
      expect(await evictHistoryLogs(dir, { keep: id(1), maxEntries: 1, now: NOW })).toEqual([]);
      expect((await stat(victim)).mode & 0o777).toBe(0o644);
      expect((await readdir(dir)).length).toBe(4);
      for (const name of [`${id(2)}.json`, `${id(3)}.bm25.json`, `${id(4)}.json.1.a.tmp`])
        expect((await lstat(path.join(dir, name))).isSymbolicLink()).toBe(true);
    } finally {
      await rm(victim, { force: true });
    }
  });

  it.skipIf(process.getuid?.() !== 0)(
    "leaves another user's files alone (needs root, to give them away)",
    async () => {
      await plant(`${id(1)}.json`, 1, 0);
      await plant(`${id(2)}.json`, 1, 5_000, 0o644);
      await plant(`${id(3)}.json.1.a.tmp`, 1, STALE_TEMPORARY_MS * 10, 0o644);
      await chown(path.join(dir, `${id(2)}.json`), 1234, 1234);
      await chown(path.join(dir, `${id(3)}.json.1.a.tmp`), 1234, 1234);
      expect(await evictHistoryLogs(dir, { keep: id(1), maxEntries: 1, now: NOW })).toEqual([]);
      expect((await stat(path.join(dir, `${id(2)}.json`))).mode & 0o777).toBe(0o644);
      expect((await readdir(dir)).length).toBe(3);
    },
  );

  it('removes nothing from a folder that is not there', async () => {
    expect(await evictHistoryLogs(path.join(dir, 'missing'), { keep: id(1) })).toEqual([]);
  });
});
