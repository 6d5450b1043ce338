import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { buildGitHistoryFixture } from '@sightline/codebase/testing';
import { createScriptedModel } from '@sightline/core/testing';
import { type DiagnosisHistory, proseText } from '@sightline/investigator';
import { createFakeRepository, type FakeRepository } from '@sightline/investigator/testing';
import { APICallError } from 'ai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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
  it('runs the agent, reports its progress, and returns its failure with the unverified report', async () => {
    // A model that names a suspect, concludes, then twice structures a diagnosis quoting code that
    // is not in the file.
    const invented = JSON.stringify({
      rootCause: {
        summary: 'Off by one.',
        explanation: 'The loop skips an item.',
        confidence: 0.5,
      },
      affectedFiles: [
        {
          path: repo.bug.path,
          lines: repo.bug.lines,
          symbol: repo.bug.symbol,
          role: 'cause',
          evidence: [{ path: repo.bug.path, line: repo.bug.lines[0], quote: 'return 42;' }],
        },
      ],
      proposedChange: { description: 'Fix the loop.', patch: null },
      complexity: 'low',
      risk: 'low',
      riskRationale: 'One line.',
    });
    const scripted = createScriptedModel([
      {
        toolCalls: [
          { toolName: 'suspect', input: { locations: [{ path: repo.bug.path, why: 'guess' }] } },
        ],
      },
      { toolCalls: [{ toolName: 'conclude', input: { summary: 'guess' } }] },
      { text: '## Root cause\nSomething in src/cart/sum.ts.' },
      { text: invented },
      { text: invented },
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
    expect(textOf(result as CallToolResult)).toMatch(
      /^MODEL_OUTPUT_INVALID: The structurer model .* no valid diagnosis/,
    );
    const unverified = (result as CallToolResult).content[1];
    expect(unverified?.type === 'text' && unverified.text).toMatch(
      /^The model's unverified report follows; nothing in it was checked[\s\S]*\n\n## Root cause\nSomething in src\/cart\/sum\.ts\.$/,
    );
    expect(messages.slice(0, 3)).toEqual([
      'Reading the report',
      'Ranking suspect files',
      'Investigating with the model',
    ]);
    expect(messages).toContain('Phase: explore');

    const next = await mcp.call('localize', { report: repo.reportText });
    expect(next.isError).toBeUndefined();
  });

  it('returns the report when the structurer call itself fails (a 400)', async () => {
    const scripted = createScriptedModel([
      {
        toolCalls: [
          { toolName: 'suspect', input: { locations: [{ path: repo.bug.path, why: 'loop' }] } },
        ],
      },
      { toolCalls: [{ toolName: 'conclude', input: { summary: 'The loop.' } }] },
      { text: '## Root cause\nThe loop in src/cart/total.ts.' },
      {
        error: new APICallError({
          message: 'Invalid request',
          url: 'https://api.example.com/v1/messages',
          requestBodyValues: {},
          statusCode: 400,
        }),
      },
    ]);
    mcp = await connectClient({
      repo: repo.root,
      cacheDir: false,
      models: { model: scripted.model },
    });
    const result = await mcp.call('investigate', { report: repo.reportText });
    expect(result.isError).toBe(true);
    expect(textOf(result as CallToolResult)).toMatch(/^MODEL_CALL_FAILED: .*\(HTTP 400\)/);
    const kept = (result as CallToolResult).content[1];
    expect(kept?.type === 'text' && kept.text).toMatch(
      /## Root cause\nThe loop in src\/cart\/total\.ts\.$/,
    );
  });

  it('stops the model when the client cancels the call, and keeps serving', async () => {
    const scripted = createScriptedModel([{ hang: true }]);
    mcp = await connectClient({
      repo: repo.root,
      cacheDir: false,
      models: { model: scripted.model },
    });
    const controller = new AbortController();
    const call = mcp.client
      .callTool({ name: 'investigate', arguments: { report: repo.reportText } }, undefined, {
        signal: controller.signal,
      })
      .catch((error: unknown) => error);
    await vi.waitFor(() => expect(scripted.calls).toHaveLength(1));
    controller.abort();
    expect(await call).toBeInstanceOf(Error);
    // The server got notifications/cancelled and aborted the model call (its step timeout is minutes).
    await vi.waitFor(() => expect(scripted.calls[0]?.abortSignal?.aborted).toBe(true));
    expect((await mcp.call('localize', { report: repo.reportText })).isError).toBeUndefined();
  });

  it('reuses the server’s index instead of indexing the repository on every call', async () => {
    mcp = await connectClient({ repo: repo.root, cacheDir: false });
    const getIndex = vi.spyOn(mcp.context, 'getIndex');
    const messages: string[] = [];
    for (let call = 0; call < 2; call += 1) {
      const result = await mcp.client.callTool(
        { name: 'investigate', arguments: { report: repo.reportText } },
        undefined,
        { onprogress: ({ message }) => messages.push(message ?? '') },
      );
      expect(result.isError).toBeUndefined();
    }
    expect(getIndex).toHaveBeenCalledTimes(2);
    const [first, second] = await Promise.all(getIndex.mock.results.map(({ value }) => value));
    expect(second).toBe(first);
    expect(messages).toContain('Ranking suspect files');
    expect(messages).not.toContain('Indexing the repository');
  });

  it('says in its description when it runs offline', async () => {
    mcp = await connectClient({ repo: repo.root, cacheDir: false });
    const { tools } = await mcp.client.listTools();
    expect(tools.find((tool) => tool.name === 'investigate')?.description).toContain(
      'This server has no model',
    );
  });
});

describe('investigate in a git checkout', () => {
  it('returns the suspect commits and the regression window, unless history is off', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'sightline-mcp-history-'));
    try {
      const fixture = await buildGitHistoryFixture(path.join(dir, 'slugger'));
      const report = `slugify('') throws since 1.2.0; 1.1.0 was fine.\n\nTypeError: Cannot read properties of null (reading 'map')\n    at slugify (src/slugify.js:5:16)\n`;
      // --no-cache: nothing cached, the commit-graph for blame included (none in the home folder).
      vi.stubEnv('HOME', dir);
      mcp = await connectClient({ repo: fixture.root, cacheDir: false });
      const result = await mcp.call('investigate', { report });
      expect(existsSync(path.join(dir, '.cache'))).toBe(false);
      const history = (result.structuredContent as { history?: DiagnosisHistory }).history;
      expect(history?.regressionWindow?.summary).toBe('regressed between v1.1.0 and v1.2.0');
      expect(history?.suspectCommits[0]?.subject).toBe(fixture.regressionSubject);
      expect(textOf(result)).toContain('## History');
      await mcp.close();
      mcp = await connectClient({ repo: fixture.root, cacheDir: false, history: false });
      const without = await mcp.call('investigate', { report });
      expect((without.structuredContent as { history?: unknown }).history).toBeUndefined();
    } finally {
      vi.unstubAllEnvs();
      await rm(dir, { recursive: true, force: true });
    }
  });

  // Only root can hand a checkout to another user; git then refuses it as "dubious ownership".
  it.skipIf(process.getuid?.() !== 0)(
    'says in the diagnosis when git refuses to read the history, as the CLI does on stderr',
    async () => {
      const dir = await mkdtemp(path.join(tmpdir(), 'sightline-mcp-refused-'));
      try {
        const fixture = await buildGitHistoryFixture(path.join(dir, 'slugger'));
        execFileSync('chown', ['-R', '65534:65534', fixture.root]);
        mcp = await connectClient({ repo: fixture.root, cacheDir: false });
        const result = await mcp.call('investigate', {
          report: `TypeError: Cannot read properties of null (reading 'map')\n    at slugify (src/slugify.js:5:16)\n`,
        });
        const { warnings, history } = result.structuredContent as {
          warnings?: string[];
          history?: unknown;
        };
        expect(history).toBeUndefined();
        expect(warnings).toEqual([expect.stringMatching(/dubious ownership.*--no-history/)]);
        // As Markdown shows it: git's `<path>` escaped, not read as an HTML tag and hidden.
        expect(textOf(result)).toContain(`## Warnings\n\n- ${proseText(warnings?.[0] ?? '')}`);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  );
});
