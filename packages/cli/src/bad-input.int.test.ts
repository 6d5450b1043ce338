/**
 * Unclean inputs found by hand (issue #34), each through the real command line with its message
 * and exit code: a named pipe nothing writes to, an invalid regular expression, a repeated
 * `--report`, a mistyped flag, a report in a folder this user may not enter, `--format markdown` and `text`, an empty `--repo`, a `--repo` folder this user may not read, and a store this user may not write or reach. (A model server that never answers or refuses the key:
 * commands/model-server.int.test.ts; `serve --data <file>`: commands/serve-start.int.test.ts.)
 */
import { execFileSync } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createFakeRepository, type FakeRepository } from '@sightline/investigator/testing';
import { openStore } from '@sightline/service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './testing/run-cli.test-helper.js';

let repo: FakeRepository;
let work: string;
let report: string;

beforeAll(async () => {
  repo = await createFakeRepository();
  work = await mkdtemp(path.join(tmpdir(), 'sightline-bad-input-'));
  report = path.join(work, 'report.md');
  await writeFile(report, repo.reportText);
});
afterAll(async () => {
  await repo.cleanup();
  await rm(work, { recursive: true, force: true });
});

describe('unclean input on the command line', { timeout: 60_000 }, () => {
  it('a named pipe that nothing writes to ends after --timeout with exit 2, not a hang', async () => {
    const fifo = path.join(work, 'report.fifo');
    execFileSync('mkfifo', [fifo]);
    const started = Date.now();
    const run = await runCli([
      'investigate',
      '--repo',
      repo.root,
      '--report',
      fifo,
      '--timeout',
      '1',
    ]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      `sightline: Nothing was written to the named pipe "${fifo}" within 1 s. Start the program that writes the report into it first, or pass the report as a regular file (--timeout SECONDS sets how long to wait).\n`,
    );
    expect(run.stdout).toBe('');
    // Bounded by the 60 s kill of runCli otherwise; the CLI's own start-up takes a few seconds.
    expect(Date.now() - started).toBeLessThan(30_000);
  });

  it('map --out refuses a file of the repository that is no map, and writes over its own map (trial 35)', async () => {
    const source = path.join(repo.root, repo.bug.path);
    const before = await readFile(source, 'utf8');
    const refused = await runCli(['map', '--repo', repo.root, '--out', source]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(
      `is a file of the repository in --repo (${repo.bug.path}), not an earlier repository map`,
    );
    expect(await readFile(source, 'utf8')).toBe(before);
    const out = path.join(repo.root, 'map.txt');
    try {
      for (const run of [1, 2]) {
        expect((await runCli(['map', '--repo', repo.root, '--out', out])).code, `run ${run}`).toBe(
          0,
        );
      }
      expect(await readFile(out, 'utf8')).toContain(`${repo.bug.path}:`);
    } finally {
      await rm(out, { force: true });
    }
  });

  it('an unknown --report-format is refused before the report is read, exit 2', async () => {
    // Found by a fresh-user trial: "Reading the report" was printed first, then the refusal.
    const run = await runCli([
      'investigate',
      '--repo',
      repo.root,
      '--report',
      report,
      '--report-format',
      'bogus',
    ]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /^sightline: --report-format "bogus" is invalid: Allowed choices are auto, sentry, .*, text\.\n\(run with --help for usage\)\n$/,
    );
    expect(run.stdout).toBe('');
  });

  it('a --report-format that does not fit the report is refused, exit 2, as triage refuses it', async () => {
    // Found by a fresh-user trial: `--report-format sentry` on a text report was read as plain
    // text under the name "sentry", without a word.
    const refusal =
      'The report is not in the report format "sentry" given for it: it is not JSON, and "sentry" reads a Sentry event or issue';
    const investigate = await runCli([
      'investigate',
      '--repo',
      repo.root,
      '--report',
      report,
      '--report-format',
      'sentry',
    ]);
    expect(investigate.code).toBe(2);
    expect(investigate.stderr).toContain(`sightline: ${refusal}`);
    expect(investigate.stderr).toContain(
      'Leave the report format out to detect it, or give "text" to read the report as plain text.\n',
    );
    expect(investigate.stdout).toBe('');
    const triage = await runCli(['triage', report, '--report-format', 'sentry']);
    expect(triage.code).toBe(2);
    expect(triage.stderr).toContain(`sightline triage: ${report}: ${refusal}`);
  });

  it('ingest refuses an unknown --report-format as investigate does, before reading a file', async () => {
    const run = await runCli(['ingest', report, '--report-format', 'bogus', '--data', repo.root]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /^sightline: --report-format "bogus" is invalid: Allowed choices are auto, sentry, .*, text\.\n\(run with --help for usage\)\n$/,
    );
  });

  it('an invalid regular expression is one line saying why, exit 2', async () => {
    const run = await runCli(['tool', 'grep', '--repo', repo.root, 'total(']);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      `sightline: INVALID_REGEX: The pattern "total(" is not a valid regular expression: unclosed group. Patterns use ripgrep's default engine (Rust regex syntax: no look-around, no backreferences); escape special characters such as ( [ { . * + ? with a backslash, or simplify the pattern.\n`,
    );
  });

  it('a message quoting a path with an escape code prints it escaped, exit 2', async () => {
    // Fresh-user trial 27: the raw ESC byte of a --repo that does not exist reached the terminal.
    const missing = path.join(repo.root, 'nope\u001b[31mRED');
    const run = await runCli(['map', '--repo', missing]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('nope\\u001b[31mRED" does not exist');
    expect(run.stderr).not.toContain('\u001b');
  });

  it('a report or --out path with a newline or an escape code is named on one line, escaped (trial 39)', async () => {
    const missing = path.join(repo.root, 'no\u001b[31mpe\n.md');
    const run = await runCli(['investigate', '--repo', repo.root, '--report', missing]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('no\\u001b[31mpe\\u000a.md": no such file.');
    expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
    const out = path.join(work, 'out \u001b[1mx.md');
    const written = await runCli([
      'investigate',
      '--repo',
      repo.root,
      '--report',
      report,
      '--out',
      out,
    ]);
    expect(written.stderr).toContain('written to ');
    expect(written.stderr).toContain('out \\u001b[1mx.md');
    expect(written.stderr).not.toContain('\u001b[1m');
  });

  it("prints a usage error's own sentence as the JSON error line, also for --json=true and --format JSON (trial 42)", async () => {
    const missing = await runCli(['investigate', '--repo', '.', '--json']);
    expect(missing.code).toBe(2);
    expect(JSON.parse(missing.stdout)).toEqual({
      error: {
        code: 'INVALID_ARGUMENT',
        message: '--report is required: give --report <file>.',
        exitCode: 2,
      },
    });
    expect(missing.stderr).toContain('sightline: --report is required: give --report <file>.');
    for (const args of [
      ['map', '--repo', '.', '--json=true'],
      ['map', '--repo', '.', '--format', 'JSON'],
    ]) {
      const run = await runCli(args);
      expect(run.code).toBe(2);
      expect(JSON.parse(run.stdout).error.code).toBe('INVALID_ARGUMENT');
    }
  });

  it('an unknown option with an escape code in it is named escaped, exit 2', async () => {
    const run = await runCli(['map', '--fo\u001b[2Jrmat', 'json']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--fo\\u001b[2Jrmat');
    expect(run.stderr).not.toContain('\u001b');
  });

  it('a repeated --report is refused instead of reading only the last, exit 2', async () => {
    const other = path.join(work, 'other.md');
    await writeFile(other, 'TypeError: x is undefined\n');
    const run = await runCli([
      'investigate',
      '--repo',
      repo.root,
      '--report',
      report,
      '--report',
      other,
    ]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      'sightline: --report was given more than once; it takes one value. Give it once.\n(run with --help for usage)\n',
    );
    expect(run.stdout).toBe('');
  });

  it('a mistyped flag is named as unknown with the closest one, not as --report missing, exit 2', async () => {
    const run = await runCli(['investigate', '--repo', repo.root, '--reprot', report]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      'sightline: Unknown option --reprot.\n(Did you mean --report?)\n(run with --help for usage)\n',
    );
    expect(run.stdout).toBe('');
  });

  it('an empty --repo is refused, not read as the current folder, exit 2', async () => {
    for (const args of [
      ['investigate', '--repo', '', '--report', report],
      ['map', '--repo', ' '],
    ]) {
      const run = await runCli(args);
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(
        /^sightline: --repo .* is invalid: expected a folder, not an empty value\./,
      );
      expect(run.stdout).toBe('');
    }
  });

  it('--format text and --format markdown are md, the Markdown text', async () => {
    const args = ['investigate', '--repo', repo.root, '--report', report, '--no-cache', '-q'];
    const md = await runCli([...args, '--format', 'md']);
    const timeless = (text: string) => text.replace(/\d+(\.\d+)? s\b/g, 'N s');
    for (const spelling of ['markdown', 'text']) {
      const run = await runCli([...args, '--format', spelling]);
      expect(run.code).toBe(0);
      expect(run.stderr).toBe('');
      expect(timeless(run.stdout)).toBe(timeless(md.stdout));
      expect(run.stdout).toContain(repo.bug.path);
    }
  });

  // As below: root would read the report whatever the folder's mode.
  it('a --report in a folder this user may not enter is permission denied, not "no such file"', async () => {
    const shared = await mkdtemp(path.join(tmpdir(), 'sightline-unenterable-'));
    const locked = path.join(shared, 'locked');
    await mkdir(locked);
    const hidden = path.join(locked, 'report.md');
    await writeFile(hidden, repo.reportText);
    await chmod(shared, 0o755);
    await chmod(locked, 0o000);
    const asNobody = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
    try {
      const run = await runCli(['triage', hidden], asNobody);
      expect(run.code).toBe(2);
      expect(run.stderr).toBe(
        `sightline triage: Cannot read "${hidden}": permission denied. Give this user read permission on it and search (x) permission on its folders, or pass - and pipe it in as a user who may read it (sudo cat FILE | sightline … -): redirecting it (- < FILE) needs the same permission.\n`,
      );
    } finally {
      await chmod(shared, 0o755);
      await chmod(locked, 0o755);
      await rm(shared, { recursive: true, force: true });
    }
  });

  // Root reads any folder whatever its mode, so as root the CLI runs as the unprivileged user
  // nobody (65534), which may read the report and the CLI's files but not the folder.
  it('a --repo folder this user may not read is exit 2 naming it, not a diagnosis blaming .gitignore', async () => {
    const shared = await mkdtemp(path.join(tmpdir(), 'sightline-unreadable-'));
    const locked = path.join(shared, 'repo');
    await mkdir(locked);
    await writeFile(path.join(locked, 'index.js'), 'export const total = 1;\n');
    await writeFile(path.join(shared, 'report.md'), repo.reportText);
    await chmod(shared, 0o755);
    await chmod(path.join(shared, 'report.md'), 0o644);
    await chmod(locked, 0o000);
    const asNobody = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
    try {
      const run = await runCli(
        ['investigate', '--repo', locked, '--report', path.join(shared, 'report.md'), '--no-cache'],
        asNobody,
      );
      expect(run.code).toBe(2);
      expect(run.stderr).toBe(
        `sightline: Cannot read repository directory "${locked}": permission denied. Give the user running Sightline read and execute permission on it (chmod a+rx "${locked}"), or run as a user who can read it.\n`,
      );
      expect(run.stdout).toBe('');
      // Fresh-user trial 26: a folder above that cannot be entered was not named, and the advice
      // was u+rx, the owner's bits.
      await chmod(locked, 0o755);
      const report = path.join(tmpdir(), `sightline-report-${process.pid}.md`);
      await writeFile(report, repo.reportText, { mode: 0o644 });
      await chmod(shared, 0o000);
      const above = await runCli(
        ['investigate', '--repo', locked, '--report', report, '--no-cache'],
        asNobody,
      ).finally(() => rm(report, { force: true }));
      expect(above.stderr).toBe(
        `sightline: Cannot read repository directory "${locked}": permission denied. The folder "${shared}" above it cannot be entered: give the user running Sightline execute permission on it (chmod a+x "${shared}"), or run as a user who can read it.\n`,
      );
    } finally {
      await chmod(shared, 0o755);
      await chmod(locked, 0o755);
      await rm(shared, { recursive: true, force: true });
    }
  });

  it('store commands on a store this user may not write or reach say so, not a SqliteError stack', async () => {
    // Fresh-user trial 29: digest, sources list and ingest --data on a store another user owns.
    const data = await mkdtemp(path.join(tmpdir(), 'sightline-foreign-store-'));
    const file = path.join(data, 'sightline.db');
    const store = await openStore({ sqlite: file });
    await store.close();
    const asNobody = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
    const advice =
      'Run the command as the user who runs `sightline serve` (the owner of the store), or let this user read and write the file and its folder (SQLite writes its -wal and -shm files beside it).';
    try {
      await chmod(file, 0o444);
      await chmod(data, 0o555);
      for (const command of [
        ['sources', 'list'],
        ['digest', '--dry-run'],
      ]) {
        const run = await runCli([...command, '--data', data], asNobody);
        expect(run.code).toBe(2);
        // SQLite names the case: READONLY_DIRECTORY for the folder, READONLY for the file.
        expect(run.stderr.replace(/\(SQLITE_READONLY\w*\)/, '(SQLITE_READONLY…)')).toBe(
          `sightline: The store at ${file} is read-only for this user (SQLITE_READONLY…). ${advice}\n`,
        );
      }
      await chmod(data, 0o000);
      const hidden = await runCli(['sources', 'list', '--data', data], asNobody);
      expect(hidden.code).toBe(2);
      expect(hidden.stderr).toBe(
        `sightline: The store at ${file} cannot be opened by this user (EACCES): it or a folder on its path cannot be read or written. ${advice}\n`,
      );
    } finally {
      await chmod(data, 0o755);
      await rm(data, { recursive: true, force: true });
    }
  });

  it('store commands on a repository whose .sightline is a link say so, as serve does, not "no store"', async () => {
    // Fresh-user trial 30: ingest, sources and digest advised starting serve, which refuses the link.
    const shared = await mkdtemp(path.join(tmpdir(), 'sightline-linked-data-'));
    const linked = path.join(shared, 'repo');
    await mkdir(linked);
    await symlink(path.join(shared, 'elsewhere'), path.join(linked, '.sightline'));
    try {
      for (const command of [
        ['sources', 'list'],
        ['digest', '--dry-run'],
        ['ingest', report],
      ]) {
        const run = await runCli([...command, '--repo', linked]);
        expect(run.code).toBe(2);
        expect(run.stderr).toBe(
          `sightline: The data folder ${path.join(linked, '.sightline', 'serve')} is reached through a symbolic link or is not a folder, so it is not used: nothing is written outside the repository through a link. Remove the link, or pick a folder with --data.\n`,
        );
      }
    } finally {
      await rm(shared, { recursive: true, force: true });
    }
  });

  it('serve on a repository this user may not write says permission denied, not a link in the way', async () => {
    // Fresh-user trial 28: the default data folder that could not be made blamed a symbolic link.
    const shared = await mkdtemp(path.join(tmpdir(), 'sightline-read-only-'));
    const readOnly = path.join(shared, 'repo');
    await mkdir(readOnly);
    await writeFile(path.join(readOnly, 'index.js'), 'export const total = 1;\n');
    await chmod(shared, 0o755);
    await chmod(readOnly, 0o555);
    const asNobody = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
    try {
      const run = await runCli(['serve', '--repo', readOnly, '--port', '0'], asNobody);
      expect(run.code).toBe(2);
      expect(run.stderr).toBe(
        `sightline: Cannot write to the data folder ${path.join(readOnly, '.sightline', 'serve')} (EACCES: permission denied). Fix its permissions or pick another with --data.\n`,
      );
    } finally {
      await chmod(readOnly, 0o755);
      await rm(shared, { recursive: true, force: true });
    }
  });
});
