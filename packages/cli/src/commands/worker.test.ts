import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { registerWorker, runWorker } from './worker.js';

describe('sightline worker', () => {
  it('says in --help which --database it takes: a Postgres URL in either spelling, no SQLite file', () => {
    const program = new Command();
    registerWorker(program);
    const help = (program.commands[0]?.helpInformation() ?? '').replace(/\s+/g, ' ');
    expect(help).toContain(
      '--database <url> the service’s Postgres URL (postgres://… or postgresql://…); not a SQLite file: a service on SQLite works its own jobs',
    );
  });

  it('refuses a SQLite file path, saying what works it instead', async () => {
    await expect(
      runWorker({ database: './store.db', concurrency: 1 }, { stderr: () => {}, env: {} }),
    ).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message:
        'sightline worker needs a Postgres URL (postgres://… or postgresql://…); a SQLite store (a file path) is worked by the `sightline serve` that opened it.',
    });
  });
});
