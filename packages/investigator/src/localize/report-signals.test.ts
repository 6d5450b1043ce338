import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseReport } from '@sightline/intake';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createHandBuiltRepository,
  type HandBuiltRepository,
} from './__fixtures__/hand-built-index.js';
import { issueReport, TINY_QUERY } from './__fixtures__/tiny-query.js';
import { calledInInlineCode, collectReportSignals } from './report-signals.js';

describe('calledInInlineCode', () => {
  it('finds calls inside chains and arguments, not keywords or prose', () => {
    expect(
      calledInInlineCode(
        'Calling `TimeSpan.FromMinutes(50).Humanize(2, null, TimeUnit.Hour)` returns "1 hour" ' +
          '(the docs say so (really)); `if (x) return format(x)` and `Humanize(2)` are fine.',
      ),
    ).toEqual(['FromMinutes', 'Humanize', 'format']);
  });

  it('reads nothing outside inline code', () => {
    expect(calledInInlineCode('parse(str) fails\n```js\nstringify(a)\n```')).toEqual([]);
  });
});

describe('collectReportSignals on tiny-query: calls in inline code, unreadable frames', () => {
  let repository: HandBuiltRepository;
  beforeAll(async () => {
    repository = await createHandBuiltRepository(TINY_QUERY);
  });
  afterAll(() => repository.cleanup());

  it('reads nothing of the secret gate’s notes as the reporter’s words', () => {
    // Fresh-user trial 30: "Stripe key" of the note matched a file defining STRIPE_KEY.
    const note = '[withheld: looks like a secret (a Stripe key)]';
    const report = issueReport(
      `Blank page ${note}`,
      `The page stays blank after login.\n${note}`,
      [],
    );
    const signals = collectReportSignals(report, repository.index);
    const words = [signals.query, ...signals.phrases.flat(), ...signals.identifiers]
      .join(' ')
      .toLowerCase();
    for (const word of ['withheld', 'looks', 'secret', 'stripe']) expect(words).not.toContain(word);
    expect(signals.query).toContain('blank after login');
  });

  it('counts a function the report calls in a snippet as mentioned', () => {
    const report = issueReport(
      'Plus signs are kept',
      'With `qs.parse("a=b+c").a.split(" ")` I get one word; `decode("b+c")` keeps the plus.',
      ['qs.parse'],
    );
    const { identifiers } = collectReportSignals(report, repository.index);
    expect(identifiers).toEqual(expect.arrayContaining(['parse', 'decode']));
  });

  it('resolves a frame into a file the index could not read to no other file by its name, and keeps it as the unreadable frame', () => {
    // Fresh-user trial 25: `Ruler.enable` in an unreadable lib/ruler.js was placed in lib/index.js,
    // which defines an `enable` too, at a line it is not on.
    const { index } = repository;
    const unreadable = {
      ...index,
      files: new Map([...index.files].filter(([file]) => file !== 'lib/stringify.js')),
      skipped: [...index.skipped, { path: 'lib/stringify.js', reason: 'unreadable' }],
    };
    const report = parseReport(`TypeError: Cannot read properties of undefined (reading 'join')
    at parseValues (/srv/app/node_modules/tiny-query/lib/stringify.js:5:20)
    at parse (/srv/app/node_modules/tiny-query/lib/parse.js:15:10)`);
    const signals = collectReportSignals(report, unreadable, { packageName: 'tiny-query' });
    expect(signals.frames.map((frame) => `${frame.path}:${frame.line}`)).toEqual([
      'lib/parse.js:15',
    ]);
    expect(signals.unreadableFrame).toMatchObject({
      path: 'lib/stringify.js',
      frame: { function: 'parseValues', line: 5 },
    });
  });
});

describe('collectReportSignals: user-language names', () => {
  let repository: HandBuiltRepository;
  beforeAll(async () => {
    repository = await createHandBuiltRepository(TINY_QUERY);
  });
  afterAll(() => repository.cleanup());

  it("takes no exception type of the report's own exceptions for a configuration key", () => {
    // Found by a fresh-user trial: the line `TypeError: fs.exists is not a function` of a pasted
    // crash read as a configuration key, and axios's `err.name === 'TypeError'` was credited as
    // the place that registers it ("the report uses it as a template, command or configuration name").
    const report = issueReport(
      'Linting crashes on a read-only mount',
      '```\nTypeError: fs.exists is not a function\n    at lintFiles (/p/node_modules/x/lib/a.js:1:2)\nCaused by: java.lang.IllegalStateException: closed\n```\n\n```yaml\nmax_depth: 3\n```',
    );
    report.exceptions = [
      {
        type: 'TypeError',
        message: 'fs.exists is not a function',
        frames: [],
        cause: { type: 'java.lang.IllegalStateException', message: 'closed', frames: [] },
      },
    ];
    const { userNames } = collectReportSignals(report, repository.index);
    expect(userNames).toEqual(['max_depth']);
  });
});

describe('collectReportSignals: issue-template lines', () => {
  let repository: HandBuiltRepository;
  beforeAll(async () => {
    repository = await createHandBuiltRepository(TINY_QUERY);
  });
  afterAll(() => repository.cleanup());

  it("reads a report without the prompts of the repository's issue templates", async () => {
    const prompt = 'Which helper were you calling (stringify, decode or parseValues)?';
    const report = issueReport(
      'Plus signs vanish',
      ['Describe the bug', 'Plus signs vanish from query values.', prompt, 'The query parser'].join(
        '\n',
      ),
    );
    // Without a template of its own, only GitHub's default prompts are left out.
    const before = collectReportSignals(report, repository.index);
    expect(before.query).toContain(prompt);
    expect(before.query).not.toContain('Describe the bug');
    const folder = path.join(repository.root, '.github', 'ISSUE_TEMPLATE');
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, 'bug.md'), `---\nname: Bug\n---\n${prompt}\n`);
    const after = collectReportSignals(report, repository.index);
    expect(after.query).not.toContain('stringify');
    expect(after.query).toContain('Plus signs vanish from query values.');
  });
});
