/**
 * The hostile repository (`@sightline/codebase/testing`) through every channel of the command
 * line: `sightline tool`, `sightline map` (text and `--json`, as a real process), the offline
 * `sightline investigate`, and the MCP server over stdio and over HTTP (code tools, `repo_map`,
 * the `sightline://repo-map` resource, `verify_diagnosis`). No planted secret comes out, and
 * `grep` and `verify_diagnosis` over MCP answer alike for a right and a wrong guess (no oracle).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import {
  createHostileRepository,
  type HostileRepository,
  wrongGuess,
} from '@sightline/codebase/testing';
import { diagnosisCiting } from '@sightline/investigator/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInvestigate } from './commands/investigate.js';
import { runMap } from './commands/map.js';
import { runMcp } from './commands/mcp.js';
import { runTool, type ToolRequest } from './commands/tool.js';
import { memoryOutput } from './testing/memory-output.test-helper.js';
import { cliCommand, runCli } from './testing/run-cli.test-helper.js';

let hostile: HostileRepository;
let work: string;

beforeAll(async () => {
  hostile = await createHostileRepository();
  work = await mkdtemp(path.join(tmpdir(), 'sightline-hostile-cli-'));
});

afterAll(async () => {
  await hostile.cleanup();
  await rm(work, { recursive: true, force: true });
});

const TOOL_CALLS: ToolRequest[] = [
  { tool: 'grep', pattern: 'Fake' },
  { tool: 'grep', pattern: 'password|token|key', maxResults: 500 },
  { tool: 'grep', pattern: 'github', path: 'legacy' },
  { tool: 'read_file', path: 'src/billing.ts' },
  { tool: 'read_file', path: 'src/client.ts' },
  { tool: 'read_file', path: 'legacy/settings.txt' },
  { tool: 'read_file', path: 'docker-compose.yml' },
  { tool: 'list_dir', path: '.', depth: 5 },
  { tool: 'find_symbol', name: 'database' },
  { tool: 'find_symbol', name: 'connect' },
];

describe('sightline tool, map and investigate on a hostile repository', () => {
  it.each(TOOL_CALLS)('sightline tool %j shows no secret, as text or JSON', async (request) => {
    for (const json of [false, true]) {
      const output = memoryOutput();
      await runTool(request, { repo: hostile.root, json }, output);
      expect(hostile.leaks(output.out + output.err)).toEqual([]);
    }
  });

  it('sightline map --json shows no secret (a real process)', async () => {
    const run = await runCli(['map', '--repo', hostile.root, '--map-tokens', '8000', '--json']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('src/client.ts');
    expect(hostile.leaks(run.stdout + run.stderr)).toEqual([]);
  });

  it('sightline map, printed and with a focus, shows no secret', async () => {
    for (const json of [false, true]) {
      const output = memoryOutput();
      await runMap(
        {
          dir: hostile.root,
          json,
          tokens: 4_000,
          focus: json ? ['connect', 'database', 'billing'] : [],
          cacheDir: false,
        },
        output,
      );
      expect(output.out).toContain('src/client.ts');
      expect(hostile.leaks(output.out)).toEqual([]);
    }
  });

  it('the offline investigation quotes no secret, as Markdown or JSON', async () => {
    const report = path.join(work, 'report.md');
    await writeFile(
      report,
      '# Billing and connect fail\n\n`billing()` throws, `connect()` times out and `database` is undefined in src/client.ts.\n',
    );
    for (const format of ['md', 'json'] as const) {
      const output = Object.assign(memoryOutput(), {
        progress: { update() {}, succeed() {}, fail() {} },
        env: {},
      });
      await runInvestigate({ repo: hostile.root, report, format, cache: false }, output);
      expect(hostile.leaks(output.out + output.err)).toEqual([]);
    }
  });
});

/** The MCP calls an attacker tries, each with what it returned (text and structured content). */
async function probe(client: Client): Promise<string[]> {
  const call = async (name: string, args: Record<string, unknown>) => {
    const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
    return JSON.stringify(result);
  };
  const outputs = [
    await call('repo_map', { tokens: 8_000 }),
    await call('repo_map', { tokens: 4_000, focus: ['connect', 'database', 'billing'] }),
    JSON.stringify(await client.readResource({ uri: 'sightline://repo-map' })),
    await call('find_symbol', { name: 'database' }),
    await call('find_symbol', { name: 'connect' }),
    await call('grep', { pattern: 'Fake' }),
    await call('read_file', { path: 'legacy/settings.txt' }),
    await call('read_file', { path: 'config/app.yml' }),
    // The reports name the secrets' settings, not their values: the answers may not add them.
    await call('investigate', {
      report: '# Billing fails\n\n`billing()` throws and `connect()` times out; see src/client.ts.',
    }),
    await call('localize', {
      report: 'billing(), connect() and database fail; the password and token are wrong.',
    }),
  ];
  for (const secret of hostile.secrets) {
    outputs.push(
      await call('verify_diagnosis', {
        diagnosis: diagnosisCiting(secret.path, secret.line, 'x = 1;'),
      }),
    );
  }
  return outputs;
}

/** Right and wrong guesses at each withheld line, through grep and verify_diagnosis. */
async function oracleAnswers(client: Client): Promise<[string, string][]> {
  const answers: [string, string][] = [];
  const said = async (name: string, args: Record<string, unknown>, own: string[]) => {
    let text = JSON.stringify(await client.callTool({ name, arguments: args }));
    for (const piece of own) text = text.replaceAll(JSON.stringify(piece).slice(1, -1), 'GUESS');
    return text;
  };
  for (const secret of hostile.secrets) {
    const right = secret.lineText.trim();
    const wrong = wrongGuess(right);
    const [rightMarker = ''] = secret.markers;
    const literal = rightMarker.slice(0, 12);
    const regexOf = (text: string) => text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
    const rightPattern = regexOf(literal);
    const wrongPattern = regexOf(wrongGuess(literal, literal.length - 1));
    const own = [right, wrong, rightPattern, wrongPattern];
    answers.push([
      await said('grep', { pattern: rightPattern }, own),
      await said('grep', { pattern: wrongPattern }, own),
    ]);
    answers.push([
      await said(
        'verify_diagnosis',
        { diagnosis: diagnosisCiting(secret.path, secret.line, right) },
        own,
      ),
      await said(
        'verify_diagnosis',
        { diagnosis: diagnosisCiting(secret.path, secret.line, wrong) },
        own,
      ),
    ]);
  }
  return answers;
}

const workspace = fileURLToPath(new URL('../../../', import.meta.url));

describe('MCP on a hostile repository', { timeout: 120_000 }, () => {
  it('over stdio: no secret in any tool result or resource, and no oracle', async () => {
    const transport = new StdioClientTransport({
      command: cliCommand[0] as string,
      args: [...cliCommand.slice(1), 'mcp', '--repo', hostile.root, '--no-cache'],
      cwd: workspace,
      stderr: 'pipe',
    });
    const client = new Client({ name: 'hostile-stdio', version: '0.0.0' });
    await client.connect(transport);
    try {
      for (const output of await probe(client)) expect(hostile.leaks(output)).toEqual([]);
      for (const [right, wrong] of await oracleAnswers(client)) expect(right).toBe(wrong);
    } finally {
      await client.close();
    }
  });

  it('over HTTP: no secret in any tool result or resource, and no oracle', async () => {
    let stop = () => {};
    let url = '';
    const finished = new Promise<number>((done, failed) => {
      runMcp(
        { repo: hostile.root, http: 0, cache: false },
        {
          stderr: () => {},
          env: {},
          stopped: new Promise((resolve) => (stop = () => resolve(undefined))),
          onListening: (listening) => {
            url = listening;
            done(0);
          },
        },
      ).catch(failed);
    });
    await finished;
    const client = new Client({ name: 'hostile-http', version: '0.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    try {
      for (const output of await probe(client)) expect(hostile.leaks(output)).toEqual([]);
      for (const [right, wrong] of await oracleAnswers(client)) expect(right).toBe(wrong);
    } finally {
      await client.close();
      stop();
    }
  });
});
