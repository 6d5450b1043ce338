/**
 * `npm run corpus:<command> -- --mirrors DIR` — builds and fills the corpus of real fixes
 * (bench/lib/corpus.ts) from fetched repository snapshots in DIR (`<owner>+<name>/repo`, as the
 * search tool's `fetch` leaves them, or `<owner>/<name>.git` clones).
 *
 * - `corpus:list` prints the repositories needed (the data sets of bench/corpus/sources.json and
 *   every project of the committed facts) and whether DIR has them.
 * - `corpus:build` reads every record of every data set, finds the commit that landed its fix in
 *   the project's history (the pull request's squash or merge commit, else the commit whose
 *   message closes the issue, else the one change whose subject names it), takes the gold from that commit's real diff (non-test source files
 *   that exist at the parent; see corpus-gold.ts), and writes bench/corpus/cases.jsonl and its
 *   SHA-256. A record is dropped, with the reason counted, when its project is excluded (issue
 *   #33's list of projects kept for measuring generalization), is not in DIR, has no single fix
 *   commit, has a fix diff touching a blob the snapshot lacks, has no non-test source change,
 *   changes more than {@link MAX_GOLD_FILES} source files (a refactoring, not a localizable fix),
 *   reads as a feature request, repeats an issue, or
 *   would pass {@link MAX_CASES_PER_REPOSITORY} cases of one project (crash reports go first).
 *   The counts against issue #33's targets go to the `corpus` table of bench/README.md.
 * - `corpus:verify` re-derives every committed gold from its fix commit's diff and reports any
 *   case that differs (exit 1).
 * - `corpus:fill` copies each case's report text from its data set into bench/.cache/corpus
 *   (checked against its hash) and extracts each parent revision into bench/.cache/repos with the
 *   development set's `materialize` (skip with `--no-trees`).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { failUsage, readCommandLine } from './lib/command-line.js';
import {
  CORPUS_FACTS,
  CORPUS_FORMAT,
  CORPUS_REPORT_DIR,
  type CorpusFact,
  factAsCase,
  readCorpusFacts,
  reportHash,
  reportPath,
} from './lib/corpus.js';
import {
  findFixCommit,
  fixDiff,
  mobileMarkers,
  oldestLinkedCommit,
  treePaths,
} from './lib/corpus-git.js';
import { goldFromDiff, goldLanguage } from './lib/corpus-gold.js';
import { reportKind, reportTags } from './lib/corpus-kind.js';
import { paraphrasedCandidates } from './lib/corpus-paraphrased.js';
import { type Candidate, readCandidates, readSources } from './lib/corpus-sources.js';
import { corpusTable } from './lib/corpus-table.js';
import { materialize, mirrorGitDir, mirrorRepoName } from './lib/localize-cases.js';
import { updateReadmeTable } from './lib/results.js';

/** Fixes changing more source files than this are refactorings, not localizable bug fixes. */
export const MAX_GOLD_FILES = 8;
/**
 * Cases taken from one repository at most, so that no project dominates the fitted weights (a
 * JIRA export alone offers thousands of one project's fixes); crash reports are taken first.
 */
export const MAX_CASES_PER_REPOSITORY = 30;

/**
 * Projects issue #33 keeps out of the corpus (used to measure generalization elsewhere), matched
 * on the repository name, or on `owner/name` where the name alone is ambiguous.
 */
const EXCLUDED_NAMES = new Set(
  'astropy flask pylint requests pytest seaborn sphinx xarray eslint express moment mongoose semver ws commander handlebars.js immer js-yaml mobx node-fetch redux-toolkit rxjs trpc zod ajv date-fns fastify graphql-js hono luxon marked yaml yargs yup beets bookstack catima fzf gitui hugo jellyfin rethink-app undici http-proxy-middleware liquidjs svgo myplanet react-native-svg lazygit delta tsumego-hero'.split(
    ' ',
  ),
);
const EXCLUDED_REPOS = new Set(['tanstack/query', 'simonw/llm', 'wycats/handlebars.js']);

/** True for a project issue #33 keeps out of the corpus. */
export function isExcluded(repo: string): boolean {
  const lower = repo.toLowerCase();
  const [owner = '', name = ''] = lower.split('/');
  return EXCLUDED_REPOS.has(lower) || EXCLUDED_NAMES.has(name) || EXCLUDED_NAMES.has(owner);
}

const FEATURE_REQUEST =
  /^\s*(\[?(feat(ure)?|feature request|enhancement|proposal|rfc|request|suggestion)\b|add support\b|support for\b)/i;

const USAGE = 'Usage: npm run corpus:<build|fill|list|verify> -- --mirrors DIR [--no-trees]';

function fail(message: string): never {
  return failUsage(message, USAGE);
}

function caseId(candidate: Candidate): string {
  const slug = candidate.repo.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  return candidate.issueKey
    ? `${slug}-${candidate.issueKey.toLowerCase()}`
    : `${slug}-${candidate.issue || `pr${candidate.pr}`}`;
}

async function allCandidates(mirrors: string): Promise<Candidate[]> {
  const candidates: Candidate[] = [];
  for (const spec of readSources()) {
    if (spec.format === 'paraphrased-issues') {
      const found = paraphrasedCandidates(spec);
      console.error(
        `data set ${spec.dataset} (bench/corpus/${spec.under}): ${found.length} records`,
      );
      candidates.push(...found);
      continue;
    }
    const gitDir = mirrorGitDir(mirrors, spec.repo);
    if (!gitDir) {
      console.error(`data set ${spec.dataset}: ${spec.repo} is not in ${mirrors}; skipped`);
      continue;
    }
    const found = await readCandidates(spec, gitDir);
    console.error(`data set ${spec.dataset} (${spec.repo}/${spec.under}): ${found.length} records`);
    candidates.push(...found);
  }
  return candidates;
}

async function toFact(
  candidate: Candidate,
  gitDir: string,
): Promise<{ fact?: CorpusFact; dropped?: string }> {
  const commit = await (candidate.fixCommits
    ? oldestLinkedCommit(gitDir, candidate.fixCommits)
    : findFixCommit(gitDir, {
        pr: candidate.pr,
        issue: candidate.issue || undefined,
        base: candidate.base,
        key: candidate.issueKey,
      })
  ).catch(() => undefined);
  if (!commit) return { dropped: 'no single fix commit in the history' };
  // A snapshot may lack its largest blobs (the fetch leaves them out); a diff touching one fails.
  const diff = await fixDiff(gitDir, commit).catch(() => undefined);
  if (diff === undefined) return { dropped: 'fix diff touches a blob the snapshot lacks' };
  const gold = goldFromDiff(diff);
  if (gold.length === 0) return { dropped: 'no non-test source change' };
  if (gold.length > MAX_GOLD_FILES) return { dropped: `more than ${MAX_GOLD_FILES} gold files` };
  const text = `${candidate.report.title}\n\n${candidate.report.body}`;
  // The tree is listed only for repositories that build for a mobile platform (tags need it).
  const mobile = (await mobileMarkers(gitDir)).length > 0;
  return {
    fact: {
      format: CORPUS_FORMAT,
      id: caseId(candidate),
      repo: candidate.repo,
      fix: commit.fix,
      parent: commit.parent,
      fix_found_by: commit.via,
      issue: candidate.issueKey ?? `${candidate.repo}#${candidate.issue || candidate.pr}`,
      language: goldLanguage(gold),
      report_kind: reportKind(text),
      tags: reportTags(text, mobile ? await treePaths(gitDir, commit.parent) : [], gold),
      source: candidate.source,
      report_sha256: reportHash(candidate.report),
      gold,
    },
  };
}

/** Why a candidate is dropped before its history is read, if it is. */
function earlyDrop(candidate: Candidate, mirrors: string): string | undefined {
  if (isExcluded(candidate.repo)) return 'excluded project';
  if (FEATURE_REQUEST.test(candidate.report.title)) return 'feature request';
  if (!candidate.report.title && !candidate.report.body) return 'empty report';
  if (!mirrorGitDir(mirrors, candidate.repo)) return 'project not fetched';
  return undefined;
}

/**
 * Candidates in the order they are taken: per repository, crash reports first (the corpus is
 * meant to weigh crashes as triage traffic does), then in data set order.
 */
function takeOrder(candidates: readonly Candidate[]): Candidate[] {
  const kind = (candidate: Candidate) =>
    reportKind(`${candidate.report.title}\n\n${candidate.report.body}`) === 'crash' ? 0 : 1;
  return candidates
    .map((candidate, index) => ({ candidate, index, kind: kind(candidate) }))
    .sort((a, b) => a.kind - b.kind || a.index - b.index)
    .map(({ candidate }) => candidate);
}

function writeFacts(facts: CorpusFact[]): string {
  const text = `${facts.map((fact) => JSON.stringify(fact)).join('\n')}\n`;
  mkdirSync(path.dirname(CORPUS_FACTS), { recursive: true });
  writeFileSync(CORPUS_FACTS, text);
  const digest = createHash('sha256').update(text).digest('hex');
  writeFileSync(`${CORPUS_FACTS}.sha256`, `${digest}  ${path.basename(CORPUS_FACTS)}\n`);
  return digest;
}

function writeReport(fact: CorpusFact, candidate: Candidate): void {
  mkdirSync(CORPUS_REPORT_DIR, { recursive: true });
  writeFileSync(reportPath(fact.id), JSON.stringify(candidate.report));
}

async function build(mirrors: string): Promise<void> {
  const facts = new Map<string, CorpusFact>();
  const perRepository = new Map<string, number>();
  const dropped = new Map<string, number>();
  const drop = (reason: string) => dropped.set(reason, (dropped.get(reason) ?? 0) + 1);
  const records = await allCandidates(mirrors);
  const candidates = takeOrder(
    records.map((candidate) => ({ ...candidate, repo: mirrorRepoName(mirrors, candidate.repo) })),
  );
  for (const candidate of candidates) {
    const early = earlyDrop(candidate, mirrors);
    if (early) {
      drop(early);
      continue;
    }
    if (facts.has(caseId(candidate))) {
      drop('repeated issue');
      continue;
    }
    if ((perRepository.get(candidate.repo) ?? 0) >= MAX_CASES_PER_REPOSITORY) {
      drop(`over ${MAX_CASES_PER_REPOSITORY} cases of one repository`);
      continue;
    }
    const gitDir = mirrorGitDir(mirrors, candidate.repo) ?? '';
    const { fact, dropped: reason } = await toFact(candidate, gitDir);
    if (!fact) {
      drop(reason ?? 'unknown');
      continue;
    }
    facts.set(fact.id, fact);
    perRepository.set(fact.repo, (perRepository.get(fact.repo) ?? 0) + 1);
    writeReport(fact, candidate);
  }
  const sorted = [...facts.values()].sort((a, b) => a.id.localeCompare(b.id));
  const digest = writeFacts(sorted);
  await updateReadmeTable('corpus', corpusTable(sorted, digest));
  console.log(
    `${sorted.length} cases from ${records.length} records (sha256 ${digest.slice(0, 16)}); dropped: ${
      [...dropped].map(([reason, count]) => `${count} ${reason}`).join(', ') || 'none'
    }`,
  );
}

async function fill(mirrors: string, trees: boolean): Promise<void> {
  const facts = readCorpusFacts();
  const expected = readFileSync(`${CORPUS_FACTS}.sha256`, 'utf8').split(' ')[0];
  const actual = createHash('sha256').update(readFileSync(CORPUS_FACTS)).digest('hex');
  if (expected !== actual)
    console.error(
      `warning: ${CORPUS_FACTS} does not match its checksum (edited by hand?); filling anyway`,
    );
  const byRecord = new Map<string, Candidate>();
  for (const candidate of await allCandidates(mirrors))
    byRecord.set(`${candidate.source.repo}:${candidate.source.record}`, candidate);
  let written = 0;
  const problems: string[] = [];
  for (const fact of facts) {
    const candidate = byRecord.get(`${fact.source.repo}:${fact.source.record}`);
    if (!candidate) problems.push(`${fact.id}: record ${fact.source.record} not found`);
    else if (reportHash(candidate.report) !== fact.report_sha256)
      problems.push(`${fact.id}: the data set's text differs from the committed hash`);
    else {
      writeReport(fact, candidate);
      written += 1;
    }
  }
  console.log(`${written} of ${facts.length} report texts in ${CORPUS_REPORT_DIR}`);
  for (const problem of problems) console.error(problem);
  if (!trees) return;
  const { extracted, missing } = await materialize(
    facts.map((fact) => factAsCase(fact)),
    mirrors,
  );
  console.log(
    `extracted ${extracted.length} revisions; projects not in ${mirrors}: ${missing.length ? [...new Set(missing)].join(', ') : 'none'}`,
  );
}

/**
 * Re-derives every fact's gold from its fix commit's diff in the snapshot and compares it with
 * the committed gold; prints the cases that differ or whose commits are missing.
 */
async function verify(mirrors: string): Promise<void> {
  const facts = readCorpusFacts();
  const problems: string[] = [];
  for (const fact of facts) {
    const gitDir = mirrorGitDir(mirrors, fact.repo);
    const diff = gitDir
      ? await fixDiff(gitDir, { fix: fact.fix, parent: fact.parent, via: 'linked' }).catch(
          () => undefined,
        )
      : undefined;
    if (diff === undefined)
      problems.push(`${fact.id}: ${fact.repo}@${fact.fix.slice(0, 12)} not in ${mirrors}`);
    else if (JSON.stringify(goldFromDiff(diff)) !== JSON.stringify(fact.gold))
      problems.push(`${fact.id}: gold differs from the diff of ${fact.fix.slice(0, 12)}`);
  }
  console.log(
    `${facts.length - problems.length} of ${facts.length} cases: gold equals the fix commit's diff`,
  );
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) process.exitCode = 1;
}

function list(mirrors: string): void {
  const repos = new Set([
    ...readSources()
      .filter((spec) => spec.format !== 'paraphrased-issues')
      .map((spec) => spec.repo),
    ...readCorpusFacts().map((fact) => fact.repo),
  ]);
  for (const repo of [...repos].sort())
    console.log(`${repo} ${mirrorGitDir(mirrors, repo) ? 'present' : 'missing'}`);
}

async function main(): Promise<void> {
  const { values, positionals } = readCommandLine(
    {
      allowPositionals: true,
      options: {
        mirrors: { type: 'string' },
        'no-trees': { type: 'boolean', default: false },
      },
    },
    USAGE,
  );
  const command = positionals[0];
  const mirrors = values.mirrors;
  if (!mirrors)
    fail(
      'corpus: give --mirrors DIR, the folder of fetched snapshots (<owner>+<name>/repo or <owner>/<name>.git)',
    );
  if (command === 'build') await build(path.resolve(mirrors));
  else if (command === 'fill') await fill(path.resolve(mirrors), !values['no-trees']);
  else if (command === 'list') list(path.resolve(mirrors));
  else if (command === 'verify') await verify(path.resolve(mirrors));
  else fail(`corpus: unknown command ${command ?? '(none)'}; use build, fill, verify or list`);
}

await main();
