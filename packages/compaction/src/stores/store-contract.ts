/**
 * The behaviour every {@link CompactionStore} must show, as a vitest suite taking a factory, so the
 * memory and disk stores (and any third-party store) are held to one contract. Not a test file by
 * itself: `memory-store.test.ts` and `disk-store.int.test.ts` run it.
 */
import { SightlineError, type SightlineErrorCode } from '@sightline/core';
import { describe, expect, it } from 'vitest';
import type { CompactionStore } from './compaction-store.js';

async function errorCode(promise: Promise<unknown>): Promise<SightlineErrorCode | 'no error'> {
  try {
    await promise;
    return 'no error';
  } catch (error) {
    if (SightlineError.isInstance(error)) return error.code;
    throw error;
  }
}

/**
 * Registers the store contract tests.
 * @param name - suite name.
 * @param createStore - returns a fresh, empty store for each test.
 */
export function describeStoreContract(
  name: string,
  createStore: () => Promise<CompactionStore>,
): void {
  describe(`${name} (store contract)`, () => {
    it('is version 1', async () => {
      expect((await createStore()).version).toBe(1);
    });

    it('writes, replaces and reads whole entries', async () => {
      const store = await createStore();
      await store.write('/a/b.txt', 'one\ntwo\n');
      await store.write('/a/b.txt', 'uno\ndos\ntres\n');
      expect(await store.read('/a/b.txt')).toEqual({
        path: '/a/b.txt',
        content: 'uno\ndos\ntres',
        lines: [1, 3],
        totalLines: 3,
        nextOffset: undefined,
      });
    });

    it('reads a window of lines with offset and limit (1-based)', async () => {
      const store = await createStore();
      await store.write('/w.txt', ['l1', 'l2', 'l3', 'l4', 'l5'].join('\r\n'));
      expect(await store.read('/w.txt', { offset: 2, limit: 2 })).toEqual({
        path: '/w.txt',
        content: 'l2\nl3',
        lines: [2, 3],
        totalLines: 5,
        nextOffset: 4,
      });
      expect(await store.read('/w.txt', { offset: 9 })).toEqual({
        path: '/w.txt',
        content: '',
        lines: [9, 8],
        totalLines: 5,
        nextOffset: undefined,
      });
      expect(await errorCode(store.read('/w.txt', { offset: 0 }))).toBe('INVALID_ARGUMENT');
      expect(await errorCode(store.read('/w.txt', { limit: 0 }))).toBe('INVALID_ARGUMENT');
    });

    it('appends, creating the entry when missing, and keeps concurrent appends whole', async () => {
      const store = await createStore();
      await store.append('/t/log.md', 'a\n');
      await Promise.all(['b\n', 'c\n', 'd\n'].map((line) => store.append('/t/log.md', line)));
      const { content } = await store.read('/t/log.md');
      expect(content.split('\n').sort()).toEqual(['a', 'b', 'c', 'd']);
      expect(content.startsWith('a\n')).toBe(true);
    });

    it('reports a missing entry', async () => {
      const store = await createStore();
      expect(await errorCode(store.read('/missing.txt'))).toBe('STORE_ENTRY_NOT_FOUND');
      expect(await store.stat('/missing.txt')).toBeUndefined();
    });

    it.each([
      'relative.txt',
      '/',
      '/a/../b.txt',
      '/./a.txt',
      '/a//b.txt',
      '/a/',
      '/a\\b.txt',
      '/a\0b.txt',
      `/a/${'x'.repeat(256)}.txt`,
    ])('rejects the invalid path %j everywhere', async (path) => {
      const store = await createStore();
      expect(await errorCode(store.write(path, 'x'))).toBe('STORE_PATH_INVALID');
      expect(await errorCode(store.append(path, 'x'))).toBe('STORE_PATH_INVALID');
      expect(await errorCode(store.read(path))).toBe('STORE_PATH_INVALID');
      expect(await errorCode(store.stat(path))).toBe('STORE_PATH_INVALID');
    });

    it('never lets an entry be a folder, or a folder an entry', async () => {
      const store = await createStore();
      await store.write('/x/y.txt', 'y');
      expect(await errorCode(store.write('/x', 'x'))).toBe('STORE_PATH_INVALID');
      expect(await errorCode(store.write('/x/y.txt/z.txt', 'z'))).toBe('STORE_PATH_INVALID');
    });

    it('lists entries under a prefix, sorted, with size in bytes and lines', async () => {
      const store = await createStore();
      await store.write('/tool_results/s10/c.txt', 'x');
      await store.write('/tool_results/s1/b.txt', 'é\nz\n');
      await store.write('/tool_results/s1/a.txt', '');
      await store.write('/conversation_history/s1.md', '# s1\n');
      const listed = await store.list('/tool_results/s1/');
      expect(listed.map(({ modifiedAt, ...rest }) => rest)).toEqual([
        { path: '/tool_results/s1/a.txt', bytes: 0, lines: 0 },
        { path: '/tool_results/s1/b.txt', bytes: 5, lines: 2 },
      ]);
      expect(listed.every(({ modifiedAt }) => Number.isFinite(modifiedAt) && modifiedAt > 0)).toBe(
        true,
      );
      expect((await store.list()).map(({ path }) => path)).toEqual([
        '/conversation_history/s1.md',
        '/tool_results/s1/a.txt',
        '/tool_results/s1/b.txt',
        '/tool_results/s10/c.txt',
      ]);
      expect(await errorCode(store.list('tool_results'))).toBe('STORE_PATH_INVALID');
    });

    it('stats an entry', async () => {
      const store = await createStore();
      await store.write('/s.txt', 'one\ntwo');
      const { modifiedAt, ...info } = (await store.stat('/s.txt')) ?? { modifiedAt: 0 };
      expect(info).toEqual({ path: '/s.txt', bytes: 7, lines: 2 });
    });

    it('greps lines with a regular expression, in path order, under a prefix, up to maxMatches', async () => {
      const store = await createStore();
      await store.write('/b/2.txt', 'needle two\nhay\n');
      await store.write('/b/1.txt', 'hay\nNeedle one\nneedle again\n');
      await store.write('/c/3.txt', 'needle three\n');
      expect(await store.grep('(?i)needle', { prefix: '/b/' })).toEqual([
        { path: '/b/1.txt', line: 2, text: 'Needle one' },
        { path: '/b/1.txt', line: 3, text: 'needle again' },
        { path: '/b/2.txt', line: 1, text: 'needle two' },
      ]);
      expect(await store.grep('needle', { maxMatches: 1 })).toEqual([
        { path: '/b/1.txt', line: 3, text: 'needle again' },
      ]);
      expect(await store.grep('absent')).toEqual([]);
    });

    it('refuses an invalid pattern and runs a catastrophic one in linear time', async () => {
      const store = await createStore();
      await store.write('/r.txt', `${'a'.repeat(5_000)}\n`);
      expect(await errorCode(store.grep('(unclosed'))).toBe('INVALID_REGEX');
      const started = performance.now();
      expect(await store.grep('^(a+)+$b')).toEqual([]);
      expect(performance.now() - started).toBeLessThan(1_000);
    });

    it('refuses patterns whose compiled size would make a search slow', async () => {
      const store = await createStore();
      await store.write('/r.txt', `${'a'.repeat(10_000)}\n`);
      expect(await errorCode(store.grep('[a-z]{1000}[a-z]{1000}[a-z]{1000}'))).toBe(
        'INVALID_REGEX',
      );
      expect(await errorCode(store.grep('a'.repeat(1_001)))).toBe('INVALID_REGEX');
      expect(await store.grep('a{1000}')).toEqual([
        { path: '/r.txt', line: 1, text: expect.any(String) },
      ]);
    });

    it('cuts long matched lines', async () => {
      const store = await createStore();
      await store.write('/long.txt', `${'x'.repeat(2_000)}needle`);
      const [match] = await store.grep('x');
      expect(match?.text).toHaveLength(500);
      expect(match?.text.endsWith('…')).toBe(true);
    });
  });
}
