import { SightlineError } from '@sightline/core';
import { describe, expect, it } from 'vitest';
import type { CompactionStore } from './compaction-store.js';
import { createMemoryStore } from './memory-store.js';
import {
  assertStorePath,
  assertStorePrefix,
  assertStoreVersion,
  escapeStoreId,
  toolResultPath,
  transcriptPath,
} from './store-paths.js';

const codeOf = (run: () => unknown) => {
  try {
    run();
    return 'no error';
  } catch (error) {
    return SightlineError.isInstance(error) ? error.code : 'other';
  }
};

describe('store paths', () => {
  it('builds the well-known paths', () => {
    expect(toolResultPath('s1', 'call_1')).toBe('/tool_results/s1/call_1.txt');
    expect(transcriptPath('run-7')).toBe('/conversation_history/run-7.md');
  });

  it('escapes ids injectively, never yielding a dot or a slash', () => {
    const ids = ['a/b', 'a_b', 'a%2Fb', '..', '.', 'a.b', 'a%002Eb', 'é', '\uD800', '\uD801'];
    const escaped = ids.map(escapeStoreId);
    expect(new Set(escaped).size).toBe(ids.length);
    expect(escaped.every((id) => /^[A-Za-z0-9_%-]+$/.test(id))).toBe(true);
    expect(escapeStoreId('a/b.c')).toBe('a%002Fb%002Ec');
    expect(() => escapeStoreId('')).toThrow(/must not be empty/);
  });

  it('keeps long ids short and distinct', () => {
    const long = (last: string) => `${'x'.repeat(300)}${last}`;
    const [a, b] = [escapeStoreId(long('a')), escapeStoreId(long('b'))];
    expect(a).not.toBe(b);
    expect(a.length).toBeLessThanOrEqual(160);
    expect(a).toMatch(/^x{120}~[0-9a-f]{32}$/);
  });

  it('keeps two sessions apart even when their ids look alike', () => {
    expect(toolResultPath('s1/x', 'c')).not.toBe(toolResultPath('s1', 'x/c'));
    expect(assertStorePath(toolResultPath('../../etc', 'passwd'))).toBe(
      '/tool_results/%002E%002E%002F%002E%002E%002Fetc/passwd.txt',
    );
  });

  it.each(['/a//b', '/a/', '/', 'a', '/a/../b', '/a/./b', '/a\\b', '/a\0', `/${'é'.repeat(128)}`])(
    'rejects %j as an entry path',
    (path) => {
      expect(codeOf(() => assertStorePath(path))).toBe('STORE_PATH_INVALID');
    },
  );

  it('accepts the root and folder prefixes', () => {
    expect(['/', '/tool_results/', '/tool_results/s1'].map(assertStorePrefix)).toEqual([
      '/',
      '/tool_results/',
      '/tool_results/s1',
    ]);
    expect(codeOf(() => assertStorePrefix('/a/../'))).toBe('STORE_PATH_INVALID');
  });

  it('rejects a store of another contract version', () => {
    const store = createMemoryStore();
    expect(assertStoreVersion(store)).toBe(store);
    const future = { ...store, version: 2 } as unknown as CompactionStore;
    expect(codeOf(() => assertStoreVersion(future))).toBe('STORE_VERSION_MISMATCH');
  });
});
