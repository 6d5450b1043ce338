import { describe, expect, it } from 'vitest';
import { createMemoryStore } from './memory-store.js';
import { describeStoreContract } from './store-contract.js';

describeStoreContract('createMemoryStore', async () => createMemoryStore());

describe('createMemoryStore', () => {
  it('stamps entries with its clock', async () => {
    const store = createMemoryStore({ now: () => 42 });
    await store.write('/a.txt', 'a');
    expect(await store.stat('/a.txt')).toEqual({
      path: '/a.txt',
      bytes: 1,
      lines: 1,
      modifiedAt: 42,
    });
  });

  it('keeps stores apart', async () => {
    const first = createMemoryStore();
    await first.write('/a.txt', 'a');
    expect(await createMemoryStore().list()).toEqual([]);
  });
});
