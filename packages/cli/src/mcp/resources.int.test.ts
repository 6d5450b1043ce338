import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { createFakeRepository, type FakeRepository } from '@sightline/investigator/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConnectedClient, connectClient } from './connect-client.test-helper.js';

let repo: FakeRepository;
let mcp: ConnectedClient;
const updates: string[] = [];

beforeAll(async () => {
  repo = await createFakeRepository();
  // The default cache (.sightline/ in the repository): its writes must not count as changes.
  mcp = await connectClient({ repo: repo.root, watch: true, debounceMs: 50 });
  mcp.client.setNotificationHandler(ResourceUpdatedNotificationSchema, ({ params }) => {
    updates.push(params.uri);
  });
  await mcp.context.ready;
});

afterAll(async () => {
  await mcp.close();
  await repo.cleanup();
});

async function readMap(): Promise<string> {
  const { contents } = await mcp.client.readResource({ uri: 'sightline://repo-map' });
  return String(contents[0] && 'text' in contents[0] ? contents[0].text : '');
}

async function waitFor(condition: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('the repo-map resource', () => {
  it('notifies subscribers when a change alters the map, and serves the new map', async () => {
    const before = await readMap();
    expect(before).toContain('src/cart/total.ts:');
    expect(before).not.toContain('applyDiscount');
    await mcp.client.subscribeResource({ uri: 'sightline://repo-map' });

    await writeFile(
      path.join(repo.root, 'src', 'discount.ts'),
      'export function applyDiscount(total: number, percent: number): number {\n  return total * (1 - percent / 100);\n}\n',
    );
    await waitFor(() => updates.length > 0);
    expect(updates).toEqual(['sightline://repo-map']);
    expect(await readMap()).toContain('applyDiscount');

    // The re-index wrote the cache; that write, and the quiet time after, send nothing more.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(updates).toEqual(['sightline://repo-map']);
  });

  it('refuses a subscription to a resource it does not have', async () => {
    await expect(mcp.client.subscribeResource({ uri: 'file:///etc/passwd' })).rejects.toThrow(
      'Resource file:///etc/passwd not found: subscribe to sightline://repo-map',
    );
  });

  it('sends nothing after unsubscribing', async () => {
    await mcp.client.unsubscribeResource({ uri: 'sightline://repo-map' });
    const seen = updates.length;
    await writeFile(path.join(repo.root, 'src', 'tax.ts'), 'export const VAT = 0.2;\n');
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(updates.length).toBe(seen);
    expect(await readMap()).toContain('src/tax.ts');
  });
});
