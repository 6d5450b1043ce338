import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { link, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createScriptedModel } from '@sightline/core/testing';
import {
  createFakeRepository,
  createSecretReport,
  type FakeRepository,
} from '@sightline/investigator/testing';
import { APICallError } from 'ai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { exitCodeFor } from '../run/exit-code-for.js';
import { type MemoryOutput, memoryOutput } from '../testing/memory-output.test-helper.js';
import { runCli } from '../testing/run-cli.test-helper.js';
import {
  type InvestigateCommandOptions,
  type InvestigateIO,
  runInvestigate,
} from './investigate.js';

let repo: FakeRepository;
let work: string;
let reportFile: string;
beforeEach(async () => {
  repo = await createFakeRepository();
  work = await mkdtemp(path.join(tmpdir(), 'sightline-investigate-cli-'));
  reportFile = path.join(work, 'report.md');
  await writeFile(reportFile, repo.reportText);
});
afterEach(async () => {
  await repo.cleanup();
});

function memoryIo(extra: Partial<InvestigateIO> = {}): InvestigateIO & MemoryOutput {
  return Object.assign(
    memoryOutput(),
    { progress: { update() {}, succeed() {}, fail() {} }, env: {} },
    extra,
  );
}

const options = (
  overrides: Partial<InvestigateCommandOptions> = {},
): InvestigateCommandOptions => ({
  repo: repo.root,
  report: reportFile,
  format: 'md',
  cache: false,
  ...overrides,
});

describe('sightline investigate', () => {
  it('prints a verified offline diagnosis in Markdown naming the buggy file', async () => {
    const io = memoryIo();
    expect(await runInvestigate(options(), io)).toBe(0);
    expect(io.out).toContain('## Root cause');
    expect(io.out).toContain(`\`${repo.bug.path}:`);
    expect(io.err).toBe('');
  });

  it('tells on stderr what reading the report changed: a report in another encoding says how to convert it', async () => {
    // Found by a fresh-user trial: a Latin-1 report showed U+FFFD in the title without a word,
    // while the service's API refuses it with the iconv hint.
    const latin1 = Buffer.concat([
      Buffer.from('caf'),
      Buffer.from([0xe9]),
      Buffer.from(` ${repo.reportText}`),
    ]);
    await writeFile(reportFile, latin1);
    const io = memoryIo();
    await runInvestigate(options({ format: 'json' }), io);
    const note =
      'the report: invalid UTF-8 bytes were replaced with U+FFFD: the text is in another encoding; convert it to UTF-8 from its encoding first (e.g. iconv -f WINDOWS-1252 -t UTF-8 for Western European text, -f SHIFT_JIS for Japanese; file -bi FILE may name it)';
    expect(io.err).toBe(`sightline: warning: ${note}\n`);
    // In the diagnosis too (fresh-user trial 25: a JSON diagnosis did not say so).
    expect(JSON.parse(io.out).warnings).toEqual([note]);
  });

  it('reads a UTF-16LE report without a byte-order mark as text, not as a minidump', async () => {
    // Found by a fresh-user trial: a report saved as UTF-16LE by a Windows tool, without a BOM,
    // was refused as "binary data (a minidump, …)".
    await writeFile(reportFile, Buffer.from(repo.reportText, 'utf16le'));
    const io = memoryIo();
    expect(await runInvestigate(options(), io)).toBe(0);
    expect(io.out).toContain(`\`${repo.bug.path}:`);
    expect(io.err).toBe('');
  });

  it('prints only JSON with --format json, and reads the report from stdin', async () => {
    const io = memoryIo({ readStdin: async () => new TextEncoder().encode(repo.reportText) });
    expect(await runInvestigate(options({ report: '-', format: 'json' }), io)).toBe(0);
    const diagnosis = JSON.parse(io.out);
    expect(diagnosis).toMatchObject({ schemaVersion: 1, method: 'offline', proposedChange: null });
    // Which cited file comes first is the learned ranking's call (the caller named by a phrase of
    // the report scores within 2 % of the named function); the buggy file must be cited.
    expect(diagnosis.affectedFiles.map((file: { path: string }) => file.path)).toContain(
      repo.bug.path,
    );
  });

  it('shows no secret of the report in the Markdown or JSON diagnosis, each line that held one withheld', async () => {
    // Found by fresh-user trial 16: the AWS key of the report came back in the diagnosis' title
    // and root cause, and the private key's body in the suspects' PageRank focus.
    const { text, secrets } = createSecretReport();
    await writeFile(reportFile, text);
    for (const format of ['md', 'json'] as const) {
      const io = memoryIo();
      expect(await runInvestigate(options({ format }), io)).toBe(0);
      for (const secret of secrets) expect(io.out).not.toContain(secret);
      expect(io.out).toContain('withheld: looks like a secret (an AWS access key ID)');
      expect(io.out).toContain(`${repo.bug.path}:`);
    }
  });

  it('writes to --out instead of stdout', async () => {
    const out = path.join(work, 'diagnosis.md');
    const io = memoryIo();
    expect(await runInvestigate(options({ out }), io)).toBe(0);
    expect(io.out).toBe('');
    expect(await readFile(out, 'utf8')).toContain(repo.bug.path);
  });

  it.each([
    ['a missing report file', { report: '/nonexistent/report.md' }, 'PATH_NOT_FOUND'],
    ['a folder as the report', { report: tmpdir() }, 'NOT_A_FILE'],
    ['a missing repository', { repo: '/nonexistent/repo' }, 'PATH_NOT_FOUND'],
    ['an unknown model spec', { model: 'gpt-4o' }, 'UNKNOWN_MODEL'],
    ['a model without its API key', { model: 'anthropic:claude-sonnet-4-5' }, 'MISSING_API_KEY'],
    ['a structurer without a model', { structurer: 'openai:gpt-4.1-mini' }, 'INVALID_ARGUMENT'],
    // Fresh-user trial 41: these were accepted offline, where no agent reads them.
    ['--max-cost without a model', { maxCost: 1 }, 'INVALID_ARGUMENT'],
    ['agent budgets without a model', { budgetExplore: 3, mapTokens: 500 }, 'INVALID_ARGUMENT'],
    ['--out in a missing folder', { out: '/nonexistent/dir/x.md' }, 'INVALID_ARGUMENT'],
    ['--out that is a folder', { out: tmpdir() }, 'INVALID_ARGUMENT'],
  ])('refuses %s with a clear error', async (_name, overrides, code) => {
    await expect(runInvestigate(options(overrides), memoryIo())).rejects.toMatchObject({ code });
  });

  it('says which agent-only flags need a model', async () => {
    await expect(
      runInvestigate(options({ budgetExplore: 3, mapTokens: 500 }), memoryIo()),
    ).rejects.toThrow(
      '--budget-explore and --map-tokens need --model (or SIGHTLINE_MODEL): they limit the agent, and without a model no agent runs. Leave them out to work offline.',
    );
  });

  it('refuses --out equal to --report (exit 2) and leaves the report as it was', async () => {
    const before = await readFile(reportFile, 'utf8');
    const same = path.join(path.dirname(reportFile), '.', path.basename(reportFile));
    const failure = runInvestigate(options({ out: same }), memoryIo());
    await expect(failure).rejects.toThrow(
      /is the report file itself; .* would overwrite the report/,
    );
    expect(exitCodeFor(await failure.catch((error: unknown) => error))).toBe(2);
    expect(await readFile(reportFile, 'utf8')).toBe(before);
  });

  it('refuses an --out that is a source file of --repo (exit 2), and writes over an earlier diagnosis there', async () => {
    const source = path.join(repo.root, repo.bug.path);
    const before = await readFile(source, 'utf8');
    const failure = runInvestigate(options({ out: source }), memoryIo());
    await expect(failure).rejects.toThrow(
      `is a file of the repository in --repo (${repo.bug.path}), not an earlier diagnosis`,
    );
    expect(exitCodeFor(await failure.catch((error: unknown) => error))).toBe(2);
    expect(await readFile(source, 'utf8')).toBe(before);
    for (const format of ['md', 'json'] as const) {
      const out = path.join(repo.root, `diagnosis.${format}`);
      await runInvestigate(options({ out, format }), memoryIo());
      const written = await readFile(out, 'utf8');
      await writeFile(
        out,
        format === 'md'
          ? `${written}\nnotes of mine\n`
          : JSON.stringify({ ...JSON.parse(written), note: 'notes of mine' }),
      );
      await runInvestigate(options({ out, format }), memoryIo());
      expect(await readFile(out, 'utf8')).not.toContain('notes of mine');
      await rm(out);
    }
  });

  it('refuses an --out named ..x inside --repo, with other names (hard links), or a named pipe there (trial 35)', async () => {
    const dotted = path.join(repo.root, '..notes.md');
    await writeFile(dotted, 'my notes\n');
    const linked = path.join(work, 'linked.c');
    await link(path.join(repo.root, repo.bug.path), linked);
    const pipe = path.join(repo.root, 'pipe');
    execFileSync('mkfifo', [pipe]);
    try {
      for (const [out, message] of [
        [dotted, 'is a file of the repository in --repo (..notes.md)'],
        [linked, 'has 2 names (hard links) and is not an earlier diagnosis'],
        [pipe, 'is a file of the repository in --repo (pipe)'],
      ] as const) {
        const failure = runInvestigate(options({ out }), memoryIo());
        await expect(failure).rejects.toThrow(message);
        expect(exitCodeFor(await failure.catch((error: unknown) => error))).toBe(2);
      }
      expect(await readFile(dotted, 'utf8')).toBe('my notes\n');
    } finally {
      await rm(dotted);
      await rm(linked);
      await rm(pipe);
    }
  });

  it('warns that nothing was indexed and exits 4 (unverified) on an empty repository', async () => {
    const empty = await mkdtemp(path.join(tmpdir(), 'sightline-investigate-empty-'));
    const io = memoryIo();
    expect(await runInvestigate(options({ repo: empty }), io)).toBe(4);
    expect(io.err).toBe(
      `sightline: warning: nothing was indexed in ${empty} (0 files indexed: the folder holds no files outside .gitignore and vendored folders); no code can back the diagnosis, so it is unverified. Run it on a folder that holds source code in a supported language.\n`,
    );
    expect(io.out).toContain('- **Verification:** UNVERIFIED');
    // In the diagnosis as well (fresh-user trial 24: only stderr said so).
    expect(io.out).toMatch(/## Warnings\n\n- nothing was indexed in \S+ \(0 files indexed/);
  });

  it('warns that no code was indexed in a folder of documents only', async () => {
    const docs = await mkdtemp(path.join(tmpdir(), 'sightline-investigate-docs-'));
    await writeFile(path.join(docs, 'README.md'), '# Checkout\n\nTotals are wrong.\n');
    const io = memoryIo();
    await runInvestigate(options({ repo: docs }), io);
    const warning = `no code was indexed in ${docs} (1 file indexed, none of them code: README.md); no code can back the diagnosis. Run it on a folder that holds source code in a supported language.`;
    expect(io.err).toContain(`sightline: warning: ${warning}\n`);
    expect(io.out).toContain(`## Warnings\n\n- ${warning}`);
  });

  it('names SIGHTLINE_MODEL when the model spec from the environment is wrong', async () => {
    const failure = runInvestigate(options(), memoryIo({ env: { SIGHTLINE_MODEL: 'bogus' } }));
    await expect(failure).rejects.toMatchObject({ code: 'UNKNOWN_MODEL' });
    await expect(failure).rejects.toThrow(/SIGHTLINE_MODEL/);
  });

  it('exits 3 and keeps the unverified report when the model cannot produce a valid diagnosis', async () => {
    const script = [
      {
        toolCalls: [
          { toolName: 'suspect', input: { locations: [{ path: repo.bug.path, why: 'guess' }] } },
        ],
      },
      { toolCalls: [{ toolName: 'conclude', input: { summary: 'guess' } }] },
      { text: '## Root cause\nSomething in src/cart/sum.ts.' },
      { text: 'not json' },
      { text: 'still not json' },
    ];
    const scripted = createScriptedModel(script);
    const out = path.join(work, 'diagnosis.md');
    const io = memoryIo({ model: scripted.model });
    expect(await runInvestigate(options({ out }), io)).toBe(3);
    expect(io.err).toContain('unverified report was kept');
    expect(existsSync(out)).toBe(false);
    expect(await readFile(path.join(work, 'diagnosis.unverified.md'), 'utf8')).toContain(
      'src/cart/sum.ts',
    );
  });

  /** Suspect, conclude, then the output step's report. */
  const toReport = (report: string) => [
    { toolCalls: [{ toolName: 'read_file', input: { path: repo.bug.path } }] },
    {
      toolCalls: [
        { toolName: 'suspect', input: { locations: [{ path: repo.bug.path, why: 'the loop' }] } },
      ],
    },
    { toolCalls: [{ toolName: 'conclude', input: { summary: 'Not established.' } }] },
    { text: report },
  ];

  it('exits 4 and prints the diagnosis marked unverified when no cause is backed by evidence', async () => {
    const notFound = [
      '## Root cause\nNot found. I read src/cart/total.ts.',
      '## Confidence\n0',
      '## Affected files\nNone.',
      '## Evidence\nNone.',
      '## Proposed change\nNone.',
      '## Complexity\nlow — nothing to change.',
      '## Risk\nlow — nothing changes.',
    ].join('\n\n');
    const markdownIo = memoryIo({ model: createScriptedModel(toReport(notFound)).model });
    expect(await runInvestigate(options(), markdownIo)).toBe(4);
    expect(markdownIo.out).toContain(
      '- **Verification:** UNVERIFIED: No affected file has the role "cause"',
    );
    const jsonIo = memoryIo({ model: createScriptedModel(toReport(notFound)).model });
    expect(await runInvestigate(options({ format: 'json' }), jsonIo)).toBe(4);
    expect(JSON.parse(jsonIo.out).verification).toMatchObject({ verified: false });
  });

  it('refuses a file of several reports with exit 2, pointing at triage, instead of investigating the first', async () => {
    // Found by a fresh-user trial: a JSON Lines file, a CSV review export or a JSON array of
    // reviews was investigated as its first report, with a note naming an internal function.
    const files = {
      'reports.jsonl': '{"text": "Cart total is wrong"}\n{"text": "Login fails"}\n',
      'reviews.csv': 'review,rating\n"Cart total is wrong",1\n"Login fails",2\n"Nice",5\n',
      'reviews.json': JSON.stringify([
        { text: 'Cart total is wrong', rating: 1 },
        { text: 'Login fails', rating: 2 },
      ]),
    };
    const refusals: string[] = [];
    for (const [name, text] of Object.entries(files)) {
      const file = path.join(work, name);
      await writeFile(file, text);
      const io = memoryIo();
      const error = await runInvestigate(options({ report: file }), io).catch((thrown) => thrown);
      expect(exitCodeFor(error)).toBe(2);
      expect(io.out).toBe('');
      refusals.push(String(error.message).replace(`${work}/`, ''));
    }
    const next =
      'investigate takes one. Run "sightline triage FILE" to classify them all, then investigate the one that matters on its own (in a file of its own, or on stdin with --report -); or give --report-format text to investigate the whole file as one report.';
    expect(refusals).toEqual([
      `reports.jsonl holds 2 reports (one a line of JSON Lines); ${next.replace('FILE', path.join(work, 'reports.jsonl'))}`,
      `reviews.csv holds 3 reports (one a row of a review export); ${next.replace('FILE', path.join(work, 'reviews.csv'))}`,
      `reviews.json holds 2 reports (one a row of a review export); ${next.replace('FILE', path.join(work, 'reviews.json'))}`,
    ]);
  });

  it('exits 4 for an offline diagnosis that ties nothing to the report, as README and --help say', async () => {
    // Found by a fresh-user trial: README gave 4 for this case, `investigate --help` said 7
    // ("the investigation found no cause and said so") without saying it takes a model.
    await writeFile(reportFile, 'The purple widget hums loudly whenever it rains outside.\n');
    const failed: string[] = [];
    const io = memoryIo({
      progress: { update() {}, succeed() {}, fail: (text: string) => failed.push(text) },
    });
    expect(await runInvestigate(options(), io)).toBe(4);
    expect(io.out).toContain('Nothing in the repository could be tied to the report.');
    // Found by fresh-user trial 19: the last line said the check it failed ("No affected file has
    // the role cause"), not why nothing was tied.
    expect(failed).toEqual([
      'No cause found (offline): Nothing in the repository could be tied to the report.',
    ]);
    const help = await runCli(['investigate', '--help']);
    expect(help.stdout).toContain(
      '  4  a diagnosis was printed but evidence does not back it (marked unverified), among them an\n     offline one that could tie nothing in the repository to the report\n',
    );
    expect(help.stdout).toContain(
      '  7  a model found no cause and said so (what it checked is printed; offline it is 4)\n',
    );
  });

  it('exits 7 and prints what was checked when the model reports that it found no cause', async () => {
    const notFound = [
      '## Not found\nThe code I read adds every item; nothing explains the report.',
      '## Checked\n- `src/cart/total.ts:1-10` — sums the items.',
      '## Missing information\nThe cart that shows the wrong total.',
    ].join('\n\n');
    const io = memoryIo({ model: createScriptedModel(toReport(notFound)).model });
    expect(await runInvestigate(options(), io)).toBe(7);
    expect(io.out).toContain('- **Verification:** NOT FOUND: No cause found');
    expect(io.out).toContain('src/cart/total.ts');
  });

  it('exits 3 and keeps the report when the structurer call fails with a 400', async () => {
    const badRequest = new APICallError({
      message: 'max_tokens: 64000 > 32000, the maximum allowed',
      url: 'https://api.example.com/v1/messages',
      requestBodyValues: {},
      statusCode: 400,
    });
    const script = [
      ...toReport('## Root cause\nThe loop in src/cart/total.ts.'),
      { error: badRequest },
    ];
    const out = path.join(work, 'diagnosis.md');
    const io = memoryIo({ model: createScriptedModel(script).model });
    expect(await runInvestigate(options({ out }), io)).toBe(3);
    expect(io.err).toContain('(HTTP 400)');
    expect(await readFile(path.join(work, 'diagnosis.unverified.md'), 'utf8')).toContain(
      'The loop in src/cart/total.ts.',
    );
  });

  it('exits 5 at the --max-cost cap and keeps the partial report', async () => {
    // 100,000 input tokens a step at Sonnet 4.5's $3 per million: the cap of $0.5 falls in step 2.
    const usage = { input: 100_000, output: 100 };
    const script = [
      { toolCalls: [{ toolName: 'grep', input: { pattern: 'cartTotal' } }], usage },
      { toolCalls: [{ toolName: 'read_file', input: { path: repo.bug.path } }], usage },
    ];
    const scripted = createScriptedModel(script, { modelId: 'claude-sonnet-4-5' });
    const out = path.join(work, 'diagnosis.md');
    const io = memoryIo({ model: scripted.model });
    expect(await runInvestigate(options({ out, maxCost: 0.5 }), io)).toBe(5);
    expect(scripted.calls).toHaveLength(2);
    expect(io.err).toContain('Stopped at the cost cap: an estimated $0.6030 spent of $0.5');
    expect(existsSync(out)).toBe(false);
    expect(await readFile(path.join(work, 'diagnosis.partial.md'), 'utf8')).toContain(
      '2. `read_file` {"path":"src/cart/total.ts"}',
    );
  });
});
