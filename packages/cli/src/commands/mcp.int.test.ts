import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createFakeRepository, type FakeRepository } from '@sightline/investigator/testing';
import { Command } from 'commander';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { EXIT_USAGE } from '../run/exit-codes.js';
import { type McpCommandOptions, registerMcp, runMcp } from './mcp.js';

let repo: FakeRepository;

beforeAll(async () => {
  repo = await createFakeRepository();
});

afterAll(() => repo.cleanup());

afterEach(() => {
  process.exitCode = undefined;
  vi.restoreAllMocks();
});

const never = new Promise(() => {});

async function failure(options: Partial<McpCommandOptions>, env = {}) {
  try {
    await runMcp(
      { repo: repo.root, cache: false, ...options },
      { stderr: () => {}, env, stopped: never },
    );
  } catch (error) {
    return { code: (error as { code?: string }).code, message: (error as Error).message };
  }
  throw new Error('runMcp did not fail');
}

describe('sightline mcp', () => {
  it('exits 2 with one clear line for a repository that does not exist, before serving', async () => {
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const stdout = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const program = new Command().exitOverride();
    registerMcp(program);
    await program.parseAsync(['mcp', '--repo', `${repo.root}/nope`], { from: 'user' });
    expect(process.exitCode).toBe(EXIT_USAGE);
    expect(stderr.mock.calls.map((call) => call[0])).toEqual([
      `sightline: Repository directory "${repo.root}/nope" does not exist. Pass the folder that holds the code.\n`,
    ]);
    expect(stdout).not.toHaveBeenCalled();
  });

  it('refuses --host without --http, and a port out of range', async () => {
    expect(await failure({ host: '0.0.0.0' })).toEqual({
      code: 'INVALID_ARGUMENT',
      message: '--host only applies to the HTTP transport: add --http PORT, or drop --host.',
    });
    expect(await failure({ http: 70_000 })).toEqual({
      code: 'INVALID_ARGUMENT',
      message: '--http 70000 is not a port: use 1-65535, or 0 for any free port.',
    });
  });

  it('says which port is taken', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as AddressInfo;
    try {
      expect(await failure({ http: port })).toEqual({
        code: 'INVALID_ARGUMENT',
        message: `Cannot listen on 127.0.0.1:${port} (EADDRINUSE). Choose another --http port or --host.`,
      });
    } finally {
      taken.close();
    }
  });

  it('warns about an address it cannot bind only with the error, not as if it served', async () => {
    let stderr = '';
    // 203.0.113.0/24 is reserved for documentation (RFC 5737): no interface here has it.
    const running = runMcp(
      { repo: repo.root, cache: false, http: 0, host: '203.0.113.7' },
      { stderr: (text) => (stderr += text), env: {}, stopped: never },
    );
    await expect(running).rejects.toThrow(/^Cannot listen on 203\.0\.113\.7:0 \(E[A-Z]+\)/);
    expect(stderr).toBe('');
  });

  it('refuses an unknown model before serving', async () => {
    expect((await failure({}, { SIGHTLINE_MODEL: 'nonsense' })).code).toBe('UNKNOWN_MODEL');
  });

  it('warns on stderr when the model has no known profile', async () => {
    let stderr = '';
    const code = await runMcp(
      { repo: repo.root, cache: false, http: 0 },
      {
        stderr: (text) => (stderr += text),
        env: { SIGHTLINE_MODEL: 'openai-compatible:http://localhost:11434/v1#my-finetune' },
        stopped: Promise.resolve(),
      },
    );
    expect(code).toBe(0);
    expect(stderr).toContain(
      'sightline: warning: no profile for model "my-finetune"; assuming a 32,768-token',
    );
  });
});
