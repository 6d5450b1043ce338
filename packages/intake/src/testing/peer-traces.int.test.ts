/**
 * Intake against the test suites of five established stack-trace parsers (Sentry's browser parser
 * and its two Node parsers, error-stack-parser, stacktrace-parser): every fixture of
 * ../shared/data/peer-traces runs through `parseReport`, and its frames are compared with the
 * peer's after the normalisation its README documents (peer quirks and Opera 12 and older left
 * out). Targets: exact frame agreement ≥ 95 % on every suite, no fixture left with no frame.
 * `npm run bench:intake` prints the same figures in full.
 */
import path from 'node:path';
import { sharedDataTitle } from '@sightline/core/testing';
import { describe, expect, it } from 'vitest';
import { scorePeerTraces } from './peer-trace-score.js';
import { PEER_SUITES, readPeerTraces } from './peer-traces.js';

const FIXTURES = path.resolve(process.cwd(), '../shared/data/peer-traces/fixtures.json');
const { present, title } = sharedDataTitle('intake on the peer parsers’ fixtures', FIXTURES);

describe.skipIf(!present)(title, () => {
  const { cases, suites } = present
    ? scorePeerTraces(readPeerTraces(FIXTURES))
    : { cases: [], suites: [] };

  it('scores every suite on real fixtures', () => {
    expect(suites.map((suite) => suite.suite)).toEqual(PEER_SUITES);
    for (const suite of suites) expect(suite.fixtures).toBeGreaterThan(5);
  });

  it.each(PEER_SUITES)('%s: exact frame agreement ≥ 95 %%, no fixture without a frame', (name) => {
    const suite = suites.find((candidate) => candidate.suite === name);
    const failing = cases
      .filter((score) => score.suite === name && !score.exact)
      .map((score) => `#${score.id} ${score.test} (${score.frames.agree}/${score.frames.total})`);
    expect(suite?.noFrame, failing.join('\n')).toBe(0);
    const { agree = 0, total = 1 } = suite?.frames ?? {};
    expect(agree / total, failing.join('\n')).toBeGreaterThanOrEqual(0.95);
    // Where the peer decides in-app (Sentry's Node parsers), intake agrees as often.
    const inApp = suite?.inApp ?? { agree: 0, total: 0 };
    if (inApp.total > 0) expect(inApp.agree / inApp.total).toBeGreaterThanOrEqual(0.95);
  });
});
