import { Command, type CommanderError } from 'commander';
import { describe, expect, it } from 'vitest';
import { COMMANDS, requestedVerb } from './command-list.js';
import { refuseUnknownOptionsFirst } from './options/refuse-unknown-options.js';

describe('requestedVerb', () => {
  it.each([
    [['investigate', '--repo', '.'], 'investigate'],
    [['--version'], undefined],
    [[], undefined],
    [['help', 'map'], 'map'],
    [['help'], undefined],
  ])('%j asks for %s', (args, verb) => {
    expect(requestedVerb(args)).toBe(verb);
  });
});

describe('COMMANDS', () => {
  it('loads, for each verb, the module that registers that verb', async () => {
    for (const entry of COMMANDS) {
      const program = new Command();
      (await entry.load())(program);
      expect(program.commands.map((command) => command.name())).toEqual([entry.name]);
    }
  }, 60_000);
});

describe('--repo', () => {
  it('is refused empty by every command that takes it, not read as the current folder', async () => {
    // investigate and map refused it; serve --repo '' served (and wrote its data folder into)
    // the current folder, mcp --repo '' handed it to the agent.
    const taking: string[] = [];
    const walk = (command: Command): void => {
      for (const option of command.options.filter((item) => item.long === '--repo')) {
        taking.push(command.name());
        expect(() => option.parseArg?.(' ', undefined), command.name()).toThrow(
          'expected a folder, not an empty value.',
        );
      }
      for (const sub of command.commands) walk(sub);
    };
    for (const entry of COMMANDS) {
      const program = new Command();
      (await entry.load())(program);
      walk(program);
    }
    expect(taking).toEqual(expect.arrayContaining(['investigate', 'map', 'serve', 'mcp']));
  }, 60_000);
});

describe('flags that name a store, a service or a project', () => {
  it('refuse an empty value instead of falling back to the current folder or a default', async () => {
    // sources add --data '' put the store and the source's credentials into the current folder
    // (a checkout, for `git add .` to pick up) and made that folder the project; ingest --url ''
    // wrote into a local store instead of sending; --database '' fell back to SQLite.
    const flags = ['--data', '--database', '--url', '--project', '--token', '--host'];
    const taking: string[] = [];
    const walk = (command: Command, path: string): void => {
      for (const option of command.options.filter((item) => flags.includes(item.long ?? ''))) {
        const name = `${path} ${option.long}`;
        taking.push(name);
        expect(() => option.parseArg?.('', undefined), name).toThrow('not an empty value.');
      }
      for (const sub of command.commands) walk(sub, `${path} ${sub.name()}`.trim());
    };
    for (const entry of COMMANDS) {
      const program = new Command();
      (await entry.load())(program);
      walk(program, '');
    }
    expect(taking).toEqual(
      expect.arrayContaining([
        'serve --data',
        'serve --database',
        'serve --host',
        'mcp --host',
        'ingest --url',
        'ingest --data',
        'ingest --database',
        'ingest --project',
        'ingest --token',
        'sources add --data',
        'sources list --database',
        'sources add --project',
        'digest --data',
        'worker --database',
      ]),
    );
  }, 60_000);
});

/** Every command line that reaches a command without subcommands: `investigate`, `tool grep`, … */
function leafPaths(command: Command, path: string[] = []): string[][] {
  if (command.commands.length === 0) return [path];
  return command.commands.flatMap((sub) => leafPaths(sub, [...path, sub.name()]));
}

describe('an unknown option', () => {
  it('is reported as such on every command, before any required option', async () => {
    // Found by a fresh-user trial: `investigate --repo . --reprot r.txt` said "--report is required".
    let errors = '';
    const program = new Command()
      .exitOverride()
      .configureOutput({ writeErr: (text) => (errors += text) });
    for (const entry of COMMANDS) (await entry.load())(program);
    refuseUnknownOptionsFirst(program);
    const leaves = leafPaths(program);
    expect(leaves.length).toBeGreaterThanOrEqual(COMMANDS.length);
    for (const leaf of leaves) {
      errors = '';
      const error = await program.parseAsync(['node', 'sightline', ...leaf, '--bogus-flag']).then(
        () => undefined,
        (thrown: unknown) => thrown as CommanderError,
      );
      expect({ leaf, code: error?.code, errors }).toEqual({
        leaf,
        code: 'commander.unknownOption',
        errors: "error: unknown option '--bogus-flag'\n",
      });
    }
  }, 60_000);
});

describe('-q, --quiet', () => {
  it('is one option, with one meaning, on every command that reports progress on stderr', async () => {
    // Found by a fresh-user trial: only investigate (and map) took -q; triage and ingest, which
    // tell on stderr of a wait for a named pipe or a busy service, refused it as unknown.
    const program = new Command();
    for (const entry of COMMANDS) (await entry.load())(program);
    const quiet = Object.fromEntries(
      program.commands.map((command) => [
        command.name(),
        command.options.find((option) => option.long === '--quiet')?.flags,
      ]),
    );
    expect(Object.keys(quiet).filter((name) => quiet[name] !== undefined)).toEqual([
      'investigate',
      'triage',
      'map',
      'ingest',
    ]);
    const descriptions = new Set(
      program.commands.flatMap((command) =>
        command.options
          .filter((option) => option.long === '--quiet')
          .map((option) => `${option.flags}: ${option.description}`),
      ),
    );
    expect([...descriptions]).toEqual([
      '-q, --quiet: no progress on stderr (warnings and errors still print)',
    ]);
  });
});

describe('--model, --structurer, --out, --report and --examples', () => {
  it('are refused empty by every command that takes them, not read as left out', async () => {
    // Fresh-user trial 39: `--model "$MODEL"` with MODEL unset ran offline, exit 0, overriding
    // SIGHTLINE_MODEL; `--out ''` printed to stdout.
    const flags = ['--model', '--structurer', '--out', '--report', '--examples'];
    const taking: string[] = [];
    const walk = (command: Command): void => {
      for (const option of command.options.filter((item) => flags.includes(item.long ?? ''))) {
        taking.push(`${command.name()} ${option.long}`);
        expect(() => option.parseArg?.('', undefined), `${command.name()} ${option.long}`).toThrow(
          /not an empty value/,
        );
      }
      for (const sub of command.commands) walk(sub);
    };
    for (const entry of COMMANDS) {
      const program = new Command();
      (await entry.load())(program);
      walk(program);
    }
    expect(taking).toEqual(
      expect.arrayContaining([
        'investigate --model',
        'investigate --structurer',
        'investigate --out',
        'investigate --report',
        'map --out',
        'triage --model',
        'triage --examples',
        'serve --model',
        'worker --model',
      ]),
    );
  }, 60_000);
});
