import type { Report } from '@sightline/intake';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createHandBuiltRepository,
  type HandBuiltRepository,
} from './__fixtures__/hand-built-index.js';
import { issueReport, TINY_QUERY } from './__fixtures__/tiny-query.js';
import { collectReportSignals } from './report-signals.js';
import { scoreFiles } from './score-files.js';

describe('scoreFiles: PageRank', () => {
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
});
