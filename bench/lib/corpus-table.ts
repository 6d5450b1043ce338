/**
 * The corpus table of bench/README.md: counts of the committed facts against issue #33's targets
 * (≥ 400 cases, ≥ 120 repositories, ≥ 10 languages, ≥ 40 % crash or stack-trace reports, mobile
 * crashes and compiled or bundled JavaScript present), then cases per language, per data set and
 * per facet. Figures are counted, never adjusted to meet a target.
 */
import type { CorpusFact } from './corpus.js';
import { markdownTable } from './results.js';

/**
 * Targets of issue #33 for the corpus; `platformCases` and `platformRepositories` are the lead's
 * brief for iOS and React Native (≥ 10 cases of each, from several repositories: 3 or more).
 */
export const CORPUS_TARGETS = {
  cases: 400,
  repositories: 120,
  languages: 10,
  crashShare: 0.4,
  platformCases: 10,
  platformRepositories: 3,
};

function percent(part: number, whole: number): string {
  return whole === 0 ? '0 %' : `${Math.round((part / whole) * 100)} %`;
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return new Map([...groups].sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0])));
}

function counts(facts: readonly CorpusFact[]): (string | number)[] {
  const crash = facts.filter((fact) => fact.report_kind === 'crash').length;
  return [
    facts.length,
    crash,
    facts.length - crash,
    percent(crash, facts.length),
    new Set(facts.map((fact) => fact.repo)).size,
  ];
}

/**
 * The Markdown of the corpus table.
 * @param facts - the committed facts.
 * @param digest - SHA-256 of the facts file (hex), printed so a reader can check the file.
 * @returns Markdown: a target table, then per-language, per-data-set and per-facet tables.
 */
export function corpusTable(facts: readonly CorpusFact[], digest: string): string {
  const repositories = new Set(facts.map((fact) => fact.repo)).size;
  const languages = new Set(facts.map((fact) => fact.language)).size;
  const crash = facts.filter((fact) => fact.report_kind === 'crash').length;
  const tagged = (tag: string) => facts.filter((fact) => fact.tags.includes(tag));
  const mobileCrashes = facts.filter(
    (fact) =>
      fact.report_kind === 'crash' &&
      fact.tags.some((tag) => ['android', 'ios', 'react-native', 'flutter'].includes(tag)),
  ).length;
  const meets = (ok: boolean) => (ok ? 'met' : '**not met**');
  const targets = markdownTable(
    ['figure', 'corpus', 'target', ''],
    [
      [
        'cases',
        facts.length,
        `≥ ${CORPUS_TARGETS.cases}`,
        meets(facts.length >= CORPUS_TARGETS.cases),
      ],
      [
        'repositories',
        repositories,
        `≥ ${CORPUS_TARGETS.repositories}`,
        meets(repositories >= CORPUS_TARGETS.repositories),
      ],
      [
        'languages',
        languages,
        `≥ ${CORPUS_TARGETS.languages}`,
        meets(languages >= CORPUS_TARGETS.languages),
      ],
      [
        'crash or stack-trace reports',
        `${crash} (${percent(crash, facts.length)})`,
        `≥ ${CORPUS_TARGETS.crashShare * 100} %`,
        meets(crash >= CORPUS_TARGETS.crashShare * facts.length),
      ],
      [
        'mobile crashes (Android, iOS, React Native, Flutter)',
        mobileCrashes,
        'present',
        meets(mobileCrashes > 0),
      ],
      [
        'iOS / React Native cases (repositories)',
        ['ios', 'react-native']
          .map((tag) => `${tagged(tag).length} (${new Set(tagged(tag).map((f) => f.repo)).size})`)
          .join(' / '),
        `≥ ${CORPUS_TARGETS.platformCases} each (≥ ${CORPUS_TARGETS.platformRepositories})`,
        meets(
          ['ios', 'react-native'].every(
            (tag) =>
              tagged(tag).length >= CORPUS_TARGETS.platformCases &&
              new Set(tagged(tag).map((f) => f.repo)).size >= CORPUS_TARGETS.platformRepositories,
          ),
        ),
      ],
      [
        'compiled or bundled JavaScript frames in the report',
        tagged('bundled-js').length,
        'present',
        meets(tagged('bundled-js').length > 0),
      ],
    ],
  );
  const header = ['cases', 'crash', 'plain', 'crash share', 'repositories'];
  const byLanguage = markdownTable(
    ['language', ...header],
    [...groupBy(facts, (fact) => fact.language)].map(([name, group]) => [name, ...counts(group)]),
  );
  const byDataset = markdownTable(
    ['report texts from', 'licence', ...header],
    [...groupBy(facts, (fact) => fact.source.dataset)].map(([name, group]) => [
      `${name} (${group[0]?.source.repo || group[0]?.source.path || ''})`,
      group[0]?.source.licence ?? '',
      ...counts(group),
    ]),
  );
  const byFix = markdownTable(
    ['fix commit found by', 'cases'],
    [...groupBy(facts, (fact) => fact.fix_found_by)].map(([name, group]) => [name, group.length]),
  );
  const byTag = markdownTable(
    ['facet', ...header],
    ['android', 'ios', 'react-native', 'flutter', 'bundled-js'].map((tag) => [
      tag,
      ...counts(tagged(tag)),
    ]),
  );
  return [
    `bench/corpus/cases.jsonl: ${facts.length} cases, SHA-256 \`${digest}\`.`,
    targets,
    'Per language (of the gold files):',
    byLanguage,
    'Per data set:',
    byDataset,
    byFix,
    'Per facet:',
    byTag,
  ].join('\n\n');
}
