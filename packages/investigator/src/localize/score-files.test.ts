import type { Report } from '@sightline/intake';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createHandBuiltRepository,
  type HandBuiltRepository,
} from './__fixtures__/hand-built-index.js';
import { issueReport, TINY_QUERY } from './__fixtures__/tiny-query.js';
import { collectReportSignals } from './report-signals.js';
import { scoreFiles } from './score-files.js';

describe('scoreFiles on a tiny query-string library: PageRank and the title', () => {
  let repository: HandBuiltRepository;
  beforeAll(async () => {
    repository = await createHandBuiltRepository(TINY_QUERY);
  });
  afterAll(() => repository.cleanup());

  const pageRanks = (report: Report) => {
    const { files } = scoreFiles(repository.index, collectReportSignals(report, repository.index));
    return [...files.values()].map((entry) => entry.pageRank);
  };

  it('counts nothing when the report names nothing of the repository (plain centrality)', () => {
    const report = issueReport(
      'Plus signs in a query string are not turned into spaces',
      'Parsing a query string keeps every plus sign of the values as it is.',
    );
    expect(pageRanks(report).length).toBeGreaterThan(0);
    expect(pageRanks(report).every((rank) => rank === 0)).toBe(true);
  });

  it('ranks around what the report names', () => {
    const report = issueReport(
      'decode keeps plus signs in a query string',
      '`decode` should turn every plus sign of the values into a space.',
      ['decode'],
    );
    expect(pageRanks(report).some((rank) => rank > 0)).toBe(true);
  });

  it('scores the title alone and the share of a file name it uses, with the words in the evidence', () => {
    const report = issueReport(
      'stringify drops empty arrays',
      'Turning an object into a query string leaves out the keys whose value is an empty list.',
    );
    const { files } = scoreFiles(repository.index, collectReportSignals(report, repository.index));
    const stringify = files.get('lib/stringify.js');
    expect(stringify?.titleName).toBe(1);
    expect(stringify?.titleLexical).toBeGreaterThan(0);
    expect(Math.max(...[...files.values()].map((entry) => entry.titleLexical))).toBe(1);
    expect(stringify?.evidence).toContain("its name shares stringify with the report's title");
    // The parser shares the body's words, not the title's name.
    expect(files.get('lib/parse.js')?.titleName ?? 0).toBe(0);
  });
});

describe('scoreFiles: shared words', () => {
  // Found by a fresh-user trial: a qs file tied to a debug report by its words alone was cited as
  // the cause with no reason at all ("Best matches: lib/parse.js ()"), its match being weaker than
  // the evidence line's bar relative to the README's.
  let repository: HandBuiltRepository;
  beforeAll(async () => {
    repository = await createHandBuiltRepository({
      'README.md': {
        content:
          '# namespaces\n\nEnable a namespace, skip a namespace, list the enabled namespaces, disable every namespace.\n',
      },
      'lib/namespaces.js': {
        content:
          "'use strict';\n\nfunction enableNamespace(namespace, skipped, enabled) {\n  // a skipped namespace is never enabled: disabled namespaces stay disabled\n  if (skipped.namespace) enabled.namespace = false;\n}\n",
        definitions: [{ name: 'enableNamespace', kind: 'function', lines: [3, 6] }],
      },
      'lib/colors.js': {
        content: `'use strict';\n\nfunction pickColor(namespace, enabled) {\n${'  hash = (hash << 5) - hash + code;\n'.repeat(30)}}\n`,
        definitions: [{ name: 'pickColor', kind: 'function', lines: [3, 34] }],
      },
    });
  });
  afterAll(() => repository.cleanup());

  it('names the words a file shares with the report even when its match is too weak for a BM25 line', () => {
    const report = issueReport(
      'A skipped namespace is still enabled',
      'Setting a skipped namespace still leaves it enabled; disabled namespaces should stay disabled.',
    );
    const { files } = scoreFiles(repository.index, collectReportSignals(report, repository.index));
    const weak = files.get('lib/colors.js');
    expect(weak?.lexicalWords).toBe(2);
    expect(weak?.evidence).toEqual(["shares 2 of the report's words: enabled, namespace"]);
  });
});
