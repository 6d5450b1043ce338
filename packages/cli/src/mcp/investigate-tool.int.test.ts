import {
  createFakeRepository,
  createScriptedModel,
  type FakeRepository,
} from '@sightline/investigator/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ConnectedClient, connectClient, textOf } from './connect-client.test-helper.js';

let repo: FakeRepository;
let mcp: ConnectedClient | undefined;

beforeEach(async () => {
  repo = await createFakeRepository();
});

afterEach(async () => {
  await mcp?.close();
  await repo.cleanup();
});

describe('investigate with the server’s model', () => {
  it('runs the agent, reports its progress, and turns its failure into a tool error', async () => {
    // A model that names a suspect, concludes, then never writes valid JSON.
    const scripted = createScriptedModel([
      {
        toolCalls: [
          { toolName: 'suspect', input: { locations: [{ path: repo.bug.path, why: 'guess' }] } },
        ],
      },
      { toolCalls: [{ toolName: 'conclude', input: { summary: 'guess' } }] },
      { text: '## Root cause\nSomething in src/cart/sum.ts.' },
      { text: 'not json' },
      { text: 'still not json' },
    ]);
    mcp = await connectClient({
      repo: repo.root,
      cacheDir: false,
      models: { model: scripted.model },
    });
    const { tools } = await mcp.client.listTools();
    expect(tools.find((tool) => tool.name === 'investigate')?.description).toContain(
      'This server runs its own model agent',
    );

    const messages: string[] = [];
    const result = await mcp.client.callTool(
      { name: 'investigate', arguments: { report: repo.reportText } },
      undefined,
      { onprogress: ({ message }) => messages.push(message ?? '') },
    );
    expect(result.isError).toBe(true);
    expect(textOf(result as Parameters<typeof textOf>[0])).toMatch(/^MODEL_OUTPUT_INVALID: /);
    expect(messages.slice(0, 4)).toEqual([
      'Reading the report',
      'Indexing the repository',
      'Ranking suspect files',
      'Investigating with the model',
    ]);
    expect(messages).toContain('Phase: explore');

    const next = await mcp.call('localize', { report: repo.reportText });
    expect(next.isError).toBeUndefined();
  });

  it('says in its description when it runs offline', async () => {
    mcp = await connectClient({ repo: repo.root, cacheDir: false });
    const { tools } = await mcp.client.listTools();
    expect(tools.find((tool) => tool.name === 'investigate')?.description).toContain(
      'This server has no model',
    );
  });
});
