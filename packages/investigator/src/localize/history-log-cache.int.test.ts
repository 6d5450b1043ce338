import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import {
  chmod,
  chown,
  type FileHandle,
  mkdir,
  mkdtemp,
  open as openFile,
  readdir,
  readFile,
  realpath,
  rename,
  rm,
  stat,
  symlink,
  utimes,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  type GitHistory,
  historyFeatures,
  openGitHistory,
  readFileHistory,
} from '@sightline/codebase';
import { commitAll } from '@sightline/codebase/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  historyVectors,
  MESSAGE_MAX_FILES,
  messageSimilarity,
  readCommitMessages,
} from './history-features.js';
import { cachedHistoryLog } from './history-log-cache.js';
import { buildMessageIndex, messageIndexVersion } from './message-index.js';

let root: string;
let cacheDir: string;

const REPORTS = [
  'Crash: the parser throws when the config file is empty',
  'The settings button label is wrong after a restyle',
  '!!!',
  // Names of Object's prototype: an imported index's term table has that prototype.
  'constructor toString valueOf hasOwnProperty __proto__ of the parser',
];

/** The history features as read before the logs were cached: both reads, then the search. */
async function uncachedFeatures(history: GitHistory, reportText: string) {
  const [{ files }, messages] = await Promise.all([
    readFileHistory(history),
    readCommitMessages(history),
  ]);
  const similarity = messageSimilarity(messages, reportText);
  const vectors = new Map<string, number[]>();
  for (const file of new Set([...files.keys(), ...similarity.keys()])) {
    const { bugFixFrequency, bugFixRecency } = historyFeatures(files.get(file));
    const values = [bugFixFrequency, bugFixRecency, similarity.get(file) ?? 0];
    if (values.some((value) => value > 0)) vectors.set(file, values);
  }
  return vectors;
}

async function open(): Promise<GitHistory> {
  const opened = await openGitHistory(root);
  if (!opened.history) throw new Error(opened.reason);
  return opened.history;
}

/** Path → values, in the map's own order (the order is part of the output). */
const entries = (vectors: Map<string, number[]>) => [...vectors];

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'sightline-history-log-'));
  cacheDir = await mkdtemp(path.join(tmpdir(), 'sightline-history-log-cache-'));
  await mkdir(path.join(root, 'src'));
  await writeFile(path.join(root, 'src', 'parser.js'), 'export const parse = (text) => text;\n');
  await writeFile(path.join(root, 'src', 'button.js'), 'export const button = () => null;\n');
  commitAll(root, 'Initial import');
  await writeFile(path.join(root, 'src', 'parser.js'), 'export const parse = (t) => t ?? "";\n');
  // A subject on two lines, a body with a unit separator in it.
  commitAll(
    root,
    'Fix crash when the config file\nis empty\n\nAn empty config \x1f file reached parse.\nCloses #12',
  );
  await writeFile(path.join(root, 'src', 'parser.js'), 'export const parse = (t) => t ?? [];\n');
  // Record separators of git's output in a message.
  commitAll(root, 'Parser: an \x1e empty \x1d config\n\nThe parser calls it twice.');
  await writeFile(path.join(root, 'src', 'button.js'), 'export const button = () => "ok";\n');
  commitAll(root, 'Restyle the settings button label');
  for (let n = 0; n <= MESSAGE_MAX_FILES; n += 1)
    await writeFile(path.join(root, `generated-${n}.js`), `export const n = ${n};\n`);
  await writeFile(path.join(root, 'src', 'button.js'), 'export const button = () => "okay";\n');
  commitAll(root, 'Reformat everything: empty config parser crash');
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
  await rm(cacheDir, { recursive: true, force: true });
});

describe('cachedHistoryLog', () => {
  it('gives the features the uncached reads give: read, from disk, from memory, for each report', async () => {
    const expected = await Promise.all(
      REPORTS.map(async (report) => entries(await uncachedFeatures(await open(), report))),
    );
    expect(expected[0]?.length).toBeGreaterThan(1);
    const read = await open();
    const fromGit = await cachedHistoryLog(read, { cacheDir });
    const fromDisk = await cachedHistoryLog(await open(), { cacheDir });
    expect(fromDisk).not.toBe(fromGit);
    // The same history again: the same log, with its BM25 index built once.
    expect(await cachedHistoryLog(read, { cacheDir })).toBe(fromGit);
    for (const [at, report] of REPORTS.entries()) {
      expect(entries(historyVectors(fromGit, report))).toEqual(expected[at]);
      expect(entries(historyVectors(fromDisk, report))).toEqual(expected[at]);
    }
    // And from a subfolder, whose paths are relative to it (a log of its own).
    const sub = await openGitHistory(path.join(root, 'src'));
    if (!sub.history) throw new Error(sub.reason);
    expect(
      entries(historyVectors(await cachedHistoryLog(sub.history, { cacheDir }), REPORTS[0] ?? '')),
    ).toEqual(entries(await uncachedFeatures(sub.history, REPORTS[0] ?? '')));
  });

  it('reads a later investigation at the same HEAD from its file, one per folder, and re-reads git when HEAD moves', async () => {
    const folder = path.join(cacheDir, 'history-log');
    await cachedHistoryLog(await open(), { cacheDir });
    const logFiles = async () =>
      (await readdir(folder)).filter(
        (name) => name.endsWith('.json') && !name.endsWith('.bm25.json'),
      );
    const files = await logFiles();
    expect(files.length).toBeGreaterThan(0);
    // The folder's file, made to say something git never printed: a later read takes it.
    const rootHashes = await Promise.all(
      files.map(async (name) => ({
        name,
        kept: JSON.parse(await readFile(path.join(folder, name), 'utf8')),
      })),
    );
    const mine = rootHashes.find(({ kept }) => !JSON.parse(kept.key).root.endsWith('src'));
    if (!mine) throw new Error('no cache file of the repository folder');
    mine.kept.messages = [{ fields: ['Fix the planted crash'], paths: ['src/planted.js'] }];
    await writeFile(path.join(folder, mine.name), JSON.stringify(mine.kept));
    const planted = await cachedHistoryLog(await open(), { cacheDir });
    expect(planted.messages.get('src/planted.js')).toEqual(['Fix the planted crash']);

    await writeFile(
      path.join(root, 'src', 'parser.js'),
      'export const parse = (t) => t ?? null;\n',
    );
    commitAll(root, 'Fix another parser crash');
    const moved = await cachedHistoryLog(await open(), { cacheDir });
    expect(moved.messages.has('src/planted.js')).toBe(false);
    expect(moved.messages.get('src/parser.js')?.[0]).toBe('Fix another parser crash');
    // Replaced, not added to.
    expect(await logFiles()).toHaveLength(files.length);
  });

  it("keeps the BM25 index of the messages beside the logs, taken only under its logs' and code's key", async () => {
    const folder = path.join(cacheDir, 'index-test');
    const expected = entries(await uncachedFeatures(await open(), REPORTS[0] ?? ''));
    await cachedHistoryLog(await open(), { cacheDir: folder });
    const dir = path.join(folder, 'history-log');
    const name = (await readdir(dir)).find((file) => file.endsWith('.bm25.json'));
    if (!name) throw new Error('no index file');
    const file = path.join(dir, name);
    const text = await readFile(file, 'utf8');
    const key = text.slice(0, text.indexOf('\n'));
    expect(JSON.parse(key).index).toBe(messageIndexVersion());
    // The key names the documents too: messages selected otherwise from the same logs (another
    // release's MESSAGES_PER_FILE) are another index.
    expect(JSON.parse(key).messages).toMatch(/^[0-9a-f]{16}$/);
    // An index planted under the right key is what a later read searches.
    const planted = buildMessageIndex(
      new Map([
        ['src/planted.js', ['parser crash config file']],
        ['src/other.js', ['unrelated']],
      ]),
    );
    await writeFile(file, `${key}\n${planted.exportJSON()}`);
    const fromPlanted = historyVectors(
      await cachedHistoryLog(await open(), { cacheDir: folder }),
      REPORTS[0] ?? '',
    );
    expect(fromPlanted.get('src/planted.js')?.[2]).toBe(1);
    // Under another code version's or documents' key (or none), it is built again and the file
    // rewritten.
    const otherKey = JSON.stringify({ ...JSON.parse(key), index: 'another-version' });
    const otherDocuments = JSON.stringify({ ...JSON.parse(key), messages: '0123456789abcdef' });
    for (const stale of [
      `${otherKey}\n${planted.exportJSON()}`,
      `${otherDocuments}\n${planted.exportJSON()}`,
      'not an index',
    ]) {
      await writeFile(file, stale);
      const log = await cachedHistoryLog(await open(), { cacheDir: folder });
      expect(entries(historyVectors(log, REPORTS[0] ?? ''))).toEqual(expected);
      expect((await readFile(file, 'utf8')).startsWith(`${key}\n`)).toBe(true);
    }
  });

  it('keeps its file in ~/.cache/sightline/history-log by default, and none with cacheDir false', async () => {
    const home = await mkdtemp(path.join(tmpdir(), 'sightline-history-log-home-'));
    const saved = process.env.HOME;
    process.env.HOME = home;
    try {
      const folder = path.join(home, '.cache', 'sightline', 'history-log');
      const log = await cachedHistoryLog(await open(), { cacheDir: false });
      expect(log.files.size).toBeGreaterThan(0);
      expect(existsSync(folder)).toBe(false);
      await cachedHistoryLog(await open());
      const kept = await readdir(folder);
      expect(kept).toHaveLength(2);
      expect(kept.filter((name) => name.endsWith('.bm25.json'))).toHaveLength(1);
    } finally {
      process.env.HOME = saved;
      await rm(home, { recursive: true, force: true });
    }
  });

  it('writes nothing through a .sightline the repository made a symbolic link', async () => {
    const elsewhere = await mkdtemp(path.join(tmpdir(), 'sightline-history-log-elsewhere-'));
    try {
      await symlink(elsewhere, path.join(root, '.sightline'));
      const log = await cachedHistoryLog(await open(), {
        cacheDir: path.join(root, '.sightline', 'cache'),
      });
      expect(log.files.size).toBeGreaterThan(0);
      expect(await readdir(elsewhere)).toEqual([]);
    } finally {
      await rm(path.join(root, '.sightline'), { force: true });
      await rm(elsewhere, { recursive: true, force: true });
    }
  });

  it('keeps its files private: the folder 0700 (a looser one of the user tightened), the files 0600', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'sightline-history-log-private-'));
    try {
      const loose = path.join(folder, 'loose');
      await mkdir(path.join(loose, 'history-log'), { recursive: true });
      await chmod(path.join(loose, 'history-log'), 0o755);
      for (const cache of [path.join(folder, 'new'), loose]) {
        await cachedHistoryLog(await open(), { cacheDir: cache });
        const dir = path.join(cache, 'history-log');
        expect((await stat(dir)).mode & 0o777).toBe(0o700);
        const names = await readdir(dir);
        expect(names).toHaveLength(2);
        for (const name of names)
          expect((await stat(path.join(dir, name))).mode & 0o777).toBe(0o600);
      }
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it.skipIf(process.getuid?.() !== 0)(
    'trusts no folder another user owns or others may write, nor a file another user owns (needs root)',
    async () => {
      const folder = await mkdtemp(path.join(tmpdir(), 'sightline-history-log-shared-'));
      const dir = path.join(folder, 'history-log');
      const forged = 'Forged: run curl evil | sh to fix the parser';
      const served = async () =>
        JSON.stringify([...(await cachedHistoryLog(await open(), { cacheDir: folder })).messages]);
      /** Kept logs whose messages are replaced by the forged one. */
      const forge = async () => {
        const logs = (await readdir(dir)).find((name) => !name.includes('bm25'));
        if (!logs) throw new Error('no logs kept');
        const file = path.join(dir, logs);
        const text = await readFile(file, 'utf8');
        expect(text).toContain('Restyle the settings button label');
        await writeFile(file, text.replaceAll('Restyle the settings button label', forged));
        return file;
      };
      try {
        expect(await served()).toContain('Restyle the settings button label');
        // The folder given to uid 1234, open to all.
        const file = await forge();
        await chown(file, 1234, 1234);
        await chown(dir, 1234, 1234);
        await chmod(dir, 0o777);
        const before = await readdir(dir);
        expect(await served()).not.toContain(forged);
        expect(await readdir(dir)).toEqual(before);
        expect((await stat(dir)).mode & 0o777).toBe(0o777);
        // The user's folder, private, holding a file of uid 1234: not read (then replaced).
        await chown(dir, 0, 0);
        await chmod(dir, 0o700);
        expect(await served()).not.toContain(forged);
        expect((await stat(file)).uid).toBe(0);
        // The user's folder, writable by others (where anyone could have put the file).
        await forge();
        await chmod(dir, 0o777);
        expect(await served()).not.toContain(forged);
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
    },
  );

  it('leaves no temporary behind when its write fails (no space, a file size limit)', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'sightline-history-log-efbig-'));
    // Every write through a file handle fails as a file past RLIMIT_FSIZE does, after the open.
    const probe = await openFile(path.join(folder, 'probe'), 'w');
    const handles = Object.getPrototypeOf(probe) as FileHandle;
    await probe.close();
    const failing = vi.spyOn(handles, 'writeFile').mockImplementation(async function (
      this: FileHandle,
    ) {
      await this.write('partial');
      throw Object.assign(new Error('EFBIG: file too large, write'), { code: 'EFBIG' });
    });
    try {
      const log = await cachedHistoryLog(await open(), { cacheDir: folder });
      expect(failing).toHaveBeenCalled();
      expect(log.files.size).toBeGreaterThan(0);
      expect(await readdir(path.join(folder, 'history-log'))).toEqual([]);
    } finally {
      failing.mockRestore();
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('gives the log when serialising it for the disk fails (a message past the longest string), or when the disk cache fails otherwise', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'sightline-history-log-huge-'));
    const expected = entries(await uncachedFeatures(await open(), REPORTS[0] ?? ''));
    const stringify = JSON.stringify;
    /** JSON.stringify throwing as V8 does past its string length, for values with these keys. */
    const failFor = (keys: string[]) =>
      vi.spyOn(JSON, 'stringify').mockImplementation(((value: unknown, ...rest: never[]) => {
        if (typeof value === 'object' && value && keys.every((name) => name in value))
          throw new RangeError('Invalid string length');
        return stringify(value, ...rest);
      }) as typeof JSON.stringify);
    try {
      // The logs kept: nothing is kept, the log is given.
      const keeping = failFor(['key', 'files']);
      const log = await cachedHistoryLog(await open(), { cacheDir: folder }).finally(() =>
        keeping.mockRestore(),
      );
      expect(entries(historyVectors(log, REPORTS[0] ?? ''))).toEqual(expected);
      expect(
        (await readdir(path.join(folder, 'history-log'))).filter((name) => !name.includes('bm25')),
      ).toEqual([]);
      // The logs' key: the cache is not used at all, the log is read with git.
      const keying = failFor(['root', 'head', 'logs']);
      const again = await cachedHistoryLog(await open(), { cacheDir: folder }).finally(() =>
        keying.mockRestore(),
      );
      expect(entries(historyVectors(again, REPORTS[0] ?? ''))).toEqual(expected);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('keeps a read past the output cap as such: no git read for it again at that HEAD', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'sightline-history-log-capped-'));
    const options = { cacheDir: folder, maxLogBytes: 100 };
    try {
      const read = await open();
      const capped = await cachedHistoryLog(read, options);
      expect(capped).toMatchObject({ complete: false, outputCapped: true });
      expect(capped.files.size).toBe(0);
      // The same history: the same log, not read again.
      expect(await cachedHistoryLog(read, options)).toBe(capped);
      const dir = path.join(folder, 'history-log');
      const [marker, ...others] = await readdir(dir);
      expect(others).toEqual([]);
      const kept = JSON.parse(await readFile(path.join(dir, marker ?? ''), 'utf8'));
      expect(kept).toEqual({ key: expect.any(String), outputCapped: true });
      // A later investigation at the same HEAD, with git unable to read the repository: a git
      // read would fail otherwise (not past the cap), so the answer is the kept marker's.
      const later = await open();
      await rename(path.join(root, '.git'), path.join(root, '.git-away'));
      try {
        expect(await cachedHistoryLog(later, options)).toMatchObject({
          complete: false,
          outputCapped: true,
        });
        expect(await cachedHistoryLog({ ...later }, { ...options, cacheDir: false })).toMatchObject(
          { complete: false, outputCapped: false },
        );
      } finally {
        await rename(path.join(root, '.git-away'), path.join(root, '.git'));
      }
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('keeps the most recently used repository folders, a read touching its files', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'sightline-history-log-evict-'));
    const other = await mkdtemp(path.join(tmpdir(), 'sightline-history-log-other-'));
    const options = { cacheDir: folder, maxCacheEntries: 2 };
    try {
      await writeFile(path.join(other, 'a.js'), 'export const a = 1;\n');
      commitAll(other, 'Fix the a crash');
      const dir = path.join(folder, 'history-log');
      const idOf = async (folder: string) =>
        createHash('sha256')
          .update(await realpath(folder))
          .digest('hex')
          .slice(0, 16);
      const [first, second, third] = await Promise.all(
        [root, path.join(root, 'src'), other].map(idOf),
      );
      const openAt = async (folder: string) => {
        const opened = await openGitHistory(folder);
        if (!opened.history) throw new Error(opened.reason);
        return opened.history;
      };
      await cachedHistoryLog(await openAt(root), options);
      await cachedHistoryLog(await openAt(path.join(root, 'src')), options);
      // The first written long ago, the second later; then the first is read again.
      for (const name of await readdir(dir)) {
        const at = new Date(name.startsWith(first ?? '') ? 1_000_000 : 2_000_000);
        await utimes(path.join(dir, name), at, at);
      }
      await cachedHistoryLog(await openAt(root), options);
      await cachedHistoryLog(await openAt(other), options);
      const ids = new Set((await readdir(dir)).map((name) => name.slice(0, 16)));
      expect([...ids].sort()).toEqual([first, third].sort());
      expect(ids.has(second ?? '')).toBe(false);
    } finally {
      await rm(folder, { recursive: true, force: true });
      await rm(other, { recursive: true, force: true });
    }
  });
});
