import { execFileSync } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openGitHistory } from '@sightline/codebase';
import { buildGitHistoryFixture, type GitHistoryFixture } from '@sightline/codebase/testing';
import { parseReport } from '@sightline/intake';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderIssueComment } from '../diagnosis/render-issue-comment.js';
import { renderDiagnosisMarkdown } from '../diagnosis/render-markdown.js';
import type { Suspect } from '../diagnosis/schema.js';
import { diagnosisSchema } from '../diagnosis/schema.js';
import { investigate } from './investigate.js';
import { describeHistory, readReportHistory } from './read-history.js';

const REPORT = `slugify('') throws since 1.2.0

After upgrading to 1.2.0, slugify('') throws; 1.1.0 was fine.

TypeError: Cannot read properties of null (reading 'map')
    at slugify (/app/node_modules/slugger/src/slugify.js:5:16)
    at render (/app/src/page.js:10:3)
`;

let dir: string;
let fixture: GitHistoryFixture;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'sightline-history-'));
  fixture = await buildGitHistoryFixture(path.join(dir, 'slugger'), {
    remote: 'git@github.com:acme/slugger.git',
  });
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('investigate with git history', () => {
  it('names the regression window and the commit that broke the suspect lines', async () => {
    const { diagnosis } = await investigate({
      repo: fixture.root,
      report: REPORT,
      cacheDir: false,
    });
    expect(diagnosisSchema.safeParse(diagnosis).success).toBe(true);
    expect(diagnosis.suspects[0]?.path).toBe(fixture.defectPath);
    const history = diagnosis.history;
    expect(history?.regressionWindow).toMatchObject({
      summary: 'regressed between v1.1.0 and v1.2.0',
      good: { ref: 'v1.1.0' },
      bad: { ref: 'v1.2.0' },
      commitCount: 2,
      filesChanged: 2,
      cut: false,
    });
    expect(history?.regressionWindow?.commitsTouchingSuspects).toContainEqual(
      expect.objectContaining({
        subject: fixture.regressionSubject,
        author: 'Dana Regress',
        files: [fixture.defectPath],
      }),
    );
    const [first] = history?.suspectCommits ?? [];
    expect(first).toMatchObject({
      subject: fixture.regressionSubject,
      author: 'Dana Regress',
      date: '2024-03-01T00:00:00.000Z',
      inWindow: true,
    });
    expect(first?.url).toBe(`https://github.com/acme/slugger/commit/${first?.id}`);
    // Blame follows the rename: the line the regression left alone is the older commit's.
    expect(history?.suspectCommits.map((commit) => commit.subject)).toContain(
      'Add a separator option; an empty title gives an empty slug',
    );
    const markdown = renderDiagnosisMarkdown(diagnosis);
    expect(markdown).toContain('regressed between `v1.1.0` and `v1.2.0`');
    expect(markdown).toContain(`[\`${first?.shortId}\`](${first?.url})`);
    expect(renderIssueComment(diagnosis)).toContain(
      `**Regression window:** regressed between \`v1.1.0\` and \`v1.2.0\` · **Suspect commit:** [\`${first?.shortId}\`](${first?.url}) \`${fixture.regressionSubject}\` (\`Dana Regress\`, 2024-03-01)`,
    );
  });

  it('names a lone failing version without claiming it regressed', async () => {
    const { diagnosis } = await investigate({
      repo: fixture.root,
      report:
        "slugify 1.2.0 throws\n\nTypeError: Cannot read properties of null (reading 'map')\n    at slugify (/app/node_modules/slugger/src/slugify.js:5:16)\n",
      cacheDir: false,
    });
    expect(diagnosis.history?.regressionWindow?.summary).toMatch(
      /^the report names v1\.2\.0; the changes since v1\.1\.0, the release before it/,
    );
  });

  it('blames code suspects only, not a demoted README above them', async () => {
    const opened = (await openGitHistory(fixture.root)).history;
    if (!opened) throw new Error('the fixture has no history');
    const read = await readReportHistory(opened, parseReport(REPORT));
    const suspects: Suspect[] = [
      { path: 'README.md', lines: [1, 3], score: 2, evidence: ['demoted: docs'] },
      { path: fixture.defectPath, lines: [1, 12], score: 1, evidence: ['stack frame'] },
    ];
    const history = await describeHistory(read, suspects, { commitGraphDir: false });
    const subjects = history.suspectCommits.map((commit) => commit.subject);
    expect(subjects).toContain(fixture.regressionSubject);
    expect(subjects).not.toContain('Document the separator option');
    expect(
      history.suspectCommits.flatMap((commit) => commit.touches.map((t) => t.path)),
    ).not.toContain('README.md');
  });

  it.each([
    ['however recent', '2024-05-01T00:00:00Z'],
    // Trial 40: a cherry-pick or a rebase keeps the author's date, older than the failing version.
    ['whatever its author date', '2024-02-15T00:00:00Z'],
  ])('suspects no commit made after the failing version, %s', async (name, authorDate) => {
    // Fresh-user trial 39: a later commit that touched the failing line outranked the window's.
    const later = path.join(dir, `later-${name.replace(/\W+/g, '-')}`);
    await cp(fixture.root, later, { recursive: true });
    const file = path.join(later, fixture.defectPath);
    const text = await readFile(file, 'utf8');
    await writeFile(file, text.replace('word.toLowerCase()', 'word.toLocaleLowerCase()'));
    execFileSync('git', ['commit', '-q', '-am', 'Lower-case words by locale'], {
      cwd: later,
      env: {
        PATH: process.env.PATH ?? '',
        GIT_CONFIG_NOSYSTEM: '1',
        GIT_CONFIG_GLOBAL: '/dev/null',
        GIT_AUTHOR_NAME: 'Fay Later',
        GIT_AUTHOR_EMAIL: 'fay@example.com',
        GIT_COMMITTER_NAME: 'Fay Later',
        GIT_COMMITTER_EMAIL: 'fay@example.com',
        GIT_AUTHOR_DATE: authorDate,
        GIT_COMMITTER_DATE: '2024-05-01T00:00:00Z',
      },
    });
    const { diagnosis } = await investigate({ repo: later, report: REPORT, cacheDir: false });
    const subjects = diagnosis.history?.suspectCommits.map((commit) => commit.subject);
    expect(subjects?.[0]).toBe(fixture.regressionSubject);
    expect(subjects).not.toContain('Lower-case words by locale');
  });

  it('leaves history out when turned off, or when the caller knows there is none', async () => {
    for (const history of [false, null]) {
      const { diagnosis } = await investigate({
        repo: fixture.root,
        report: REPORT,
        cacheDir: false,
        history,
      });
      expect(diagnosis.history).toBeUndefined();
    }
  });

  it('reads a history the caller opened as it is', async () => {
    const opened = (await openGitHistory(fixture.root)).history;
    const { diagnosis } = await investigate({
      repo: fixture.root,
      report: REPORT,
      cacheDir: false,
      history: opened && { ...opened, notes: ['opened by the caller'] },
    });
    expect(diagnosis.history?.regressionWindow?.summary).toBe(
      'regressed between v1.1.0 and v1.2.0',
    );
    expect(diagnosis.history?.notes).toContain('opened by the caller');
  });

  it('investigates a tree without history as before', async () => {
    const tarball = path.join(dir, 'tarball');
    await cp(fixture.root, tarball, {
      recursive: true,
      filter: (source) => !source.includes('.git'),
    });
    const { diagnosis } = await investigate({ repo: tarball, report: REPORT, cacheDir: false });
    expect(diagnosis.history).toBeUndefined();
    expect(diagnosis.suspects[0]?.path).toBe(fixture.defectPath);
  });

  it('notes a shallow clone, and attributes no line to its cut', async () => {
    const shallow = path.join(dir, 'shallow');
    execFileSync('git', ['clone', '-q', '--depth', '1', `file://${fixture.root}`, shallow], {
      env: {
        PATH: process.env.PATH ?? '',
        GIT_CONFIG_NOSYSTEM: '1',
        GIT_CONFIG_GLOBAL: '/dev/null',
      },
    });
    const { diagnosis } = await investigate({ repo: shallow, report: REPORT, cacheDir: false });
    const notes = diagnosis.history?.notes.join(' ');
    expect(notes).toMatch(/shallow clone \(1 commit\)/);
    expect(notes).toMatch(
      /suspect lines last changed before the shallow clone's cut are not attributed/,
    );
    expect(diagnosis.history?.suspectCommits).toEqual([]);
  });

  // Only root can hand a checkout to another user; git then refuses it as "dubious ownership".
  it.skipIf(process.getuid?.() !== 0)(
    'warns, saying what to do, when git refuses to read the checkout',
    async () => {
      const foreign = path.join(dir, 'foreign');
      await cp(fixture.root, foreign, { recursive: true });
      execFileSync('chown', ['-R', '65534:65534', foreign]);
      const { diagnosis, indexed } = await investigate({
        repo: foreign,
        report: REPORT,
        cacheDir: false,
      });
      expect(diagnosis.history).toBeUndefined();
      expect(indexed.warnings).toEqual([
        expect.stringMatching(
          /^git history could not be read: .*dubious ownership.*Run as the user who owns the checkout, trust it with `git config --global --add safe.directory DIR`, or pass --no-history/,
        ),
      ]);
      const own = await investigate({ repo: fixture.root, report: REPORT, cacheDir: false });
      expect(own.indexed.warnings).toEqual([]);
    },
  );

  it('warns of nothing when a dozen blamed commits are checked against the failing version', async () => {
    // Trial 49: more than ten git processes at once on the investigation's one abort signal
    // printed "MaxListenersExceededWarning: 11 abort listeners added to [AbortSignal]".
    const busy = path.join(dir, 'busy');
    await cp(fixture.root, busy, { recursive: true });
    const file = path.join(busy, fixture.defectPath);
    for (let n = 1; n <= 12; n++) {
      const text = await readFile(file, 'utf8');
      await writeFile(file, text.replace('{\n', `{\n  // Step ${n} of a busy history.\n`));
      execFileSync('git', ['commit', '-q', '-am', `Busy step ${n}`], {
        cwd: busy,
        env: {
          PATH: process.env.PATH ?? '',
          GIT_CONFIG_NOSYSTEM: '1',
          GIT_CONFIG_GLOBAL: '/dev/null',
          GIT_AUTHOR_NAME: 'Gus Busy',
          GIT_AUTHOR_EMAIL: 'gus@example.com',
          GIT_COMMITTER_NAME: 'Gus Busy',
          GIT_COMMITTER_EMAIL: 'gus@example.com',
          GIT_AUTHOR_DATE: `2024-04-${String(n).padStart(2, '0')}T00:00:00Z`,
          GIT_COMMITTER_DATE: `2024-04-${String(n).padStart(2, '0')}T00:00:00Z`,
        },
      });
    }
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
    process.on('warning', onWarning);
    try {
      const { diagnosis } = await investigate({ repo: busy, report: REPORT, cacheDir: false });
      expect(diagnosis.history?.regressionWindow?.summary).toBe(
        'regressed between v1.1.0 and v1.2.0',
      );
      // Made after the failing version: none of the dozen is suspected.
      expect(diagnosis.history?.suspectCommits.map((commit) => commit.subject)).not.toContain(
        'Busy step 12',
      );
      // A warning is emitted on the next tick.
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('warning', onWarning);
    }
    expect(warnings).toEqual([]);
  });

  it('says when the commit log of the ranking features could not be read', async () => {
    const copy = path.join(dir, 'log-lost');
    await cp(fixture.root, copy, { recursive: true });
    const opened = await openGitHistory(copy);
    if (!opened.history) throw new Error(opened.reason);
    // Opened, then its objects gone: every later git read fails, as a time limit would end it.
    await rm(path.join(copy, '.git', 'objects'), { recursive: true, force: true });
    const { diagnosis } = await investigate({
      repo: copy,
      report: REPORT,
      cacheDir: false,
      history: opened.history,
    });
    expect(diagnosis.warnings).toContainEqual(
      expect.stringMatching(/^The ranking's history features .* git could not read the commit log/),
    );
  });
});
