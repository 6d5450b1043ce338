import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createScriptedModel } from '@sightline/core/testing';
import { generateText, stepCountIs } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createCodeTools } from './create-code-tools.js';

const fixture = fileURLToPath(new URL('./__fixtures__/repo', import.meta.url));
let root: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'sightline-code-tools-'));
  await cp(fixture, root, { recursive: true });
});

afterAll(() => rm(root, { recursive: true, force: true }));

describe('createCodeTools', () => {
  it('gives the model each tool result as text, and errors as error objects', async () => {
    const scripted = createScriptedModel([
      {
        toolCalls: [
          { toolName: 'grep', input: { pattern: 'formatPrice\\(', glob: '*.ts' } },
          {
            toolName: 'read_file',
            input: { path: 'src/util/format.ts', startLine: 2, endLine: 3 },
          },
          { toolName: 'list_dir', input: { path: 'src', depth: 1 } },
          { toolName: 'find_symbol', input: { name: 'cartTotal' } },
          { toolName: 'read_file', input: { path: '../../etc/passwd' } },
        ],
      },
      { text: 'done' },
    ]);
    await generateText({
      model: scripted.model,
      tools: createCodeTools({ root }),
      prompt: 'Where is the price formatted?',
      stopWhen: stepCountIs(3),
    });
    const toolMessage = scripted.calls[1]?.prompt.find((message) => message.role === 'tool');
    const outputs =
      toolMessage?.role === 'tool'
        ? toolMessage.content.map((part) => part.type === 'tool-result' && part.output)
        : [];
    expect(outputs).toEqual([
      {
        type: 'text',
        value: [
          '2 matches in 2 files for /formatPrice\\(/i in the repository (glob *.ts):',
          'src/cart.ts',
          "  14│   return 'Total: ' + formatPrice(cartTotal(items));",
          'src/util/format.ts',
          '  2│ export function formatPrice(cents: number): string {',
        ].join('\n'),
      },
      {
        type: 'text',
        value: [
          'src/util/format.ts (lines 2-3 of 4)',
          '   2│ export function formatPrice(cents: number): string {',
          "   3│   return '$' + (cents / 100).toFixed(2);",
          '[Showing lines 2-3 of 4. To read on, call read_file with startLine=4.]',
        ].join('\n'),
      },
      {
        type: 'text',
        value: [
          'src/ — depth 1: 1 folder, 1 file',
          'util/ …',
          'cart.ts  396 B, 15 lines',
          '[Folders marked … were not expanded; list them with list_dir and their path.]',
        ].join('\n'),
      },
      {
        type: 'text',
        value: [
          '1 definition of "cartTotal":',
          'src/cart.ts:9-11  function cartTotal',
          '  export function cartTotal(items: LineItem[]): number',
        ].join('\n'),
      },
      {
        type: 'error-json',
        value: {
          error: {
            code: 'PATH_OUTSIDE_ROOT',
            message:
              'Path "../../etc/passwd" climbs out of the repository root through "..". Use a path relative to the repository root that stays inside it.',
          },
        },
      },
    ]);
  });

  it('offers the four tools with JSON schemas the model can read', async () => {
    const tools = createCodeTools({ root });
    expect(Object.keys(tools)).toEqual(['grep', 'read_file', 'list_dir', 'find_symbol']);
    for (const tool of Object.values(tools)) expect(tool.description?.length).toBeGreaterThan(100);
  });

  it('uses the limits it is given', async () => {
    const tools = createCodeTools({ root, limits: { maxReadLines: 1 } });
    const result = await tools.read_file.execute?.(
      { path: 'README.md' },
      { toolCallId: '1', messages: [] },
    );
    expect(result).toMatchObject({ lines: [1, 1], totalLines: 3 });
  });

  it('states the caps in force in the descriptions the model reads', () => {
    const tools = createCodeTools({ root, limits: { maxReadLines: 40, maxGrepResults: 20 } });
    expect(tools.read_file.description).toContain('at most 40 lines per call');
    const grepInput = z.toJSONSchema(tools.grep.inputSchema as z.ZodType);
    expect(JSON.stringify(grepInput)).toContain('Most matches to return, 1-20.');
  });
});
