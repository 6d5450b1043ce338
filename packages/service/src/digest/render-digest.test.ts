import { describe, expect, it } from 'vitest';
import type { Digest, DigestItem } from './collect-digest.js';
import { renderDigest } from './render-digest.js';

const failed: DigestItem = {
  groupId: 'g1',
  project: 'shop',
  title: 'Checkout <fails> & crashes',
  label: 'crash',
  status: 'new',
  count: 2,
  investigation: {
    state: 'failed',
    reason: 'The model server answered 502: <!channel> <https://proxy.test|login> & more',
    attempts: 3,
  },
  diagnosisVersion: 0,
};

function digestOf(items: DigestItem[]): Digest {
  return {
    since: '2026-12-01T08:00:00.000Z',
    until: '2026-12-02T08:00:00.000Z',
    newGroups: { items, total: items.length },
    regressions: { items: [], total: 0 },
    diagnoses: { items: [], total: 0 },
  };
}

describe('renderDigest', () => {
  it("escapes Slack's control characters in every text a report or a failure wrote", () => {
    const text = renderDigest(digestOf([failed]), { style: 'slack' });
    expect(text.split('\n')).toEqual([
      '*Sightline digest: 1 new group, 0 regressions, 0 diagnoses since 2026-12-01 08:00 UTC*',
      '',
      '*New groups (1)*',
      '• [crash] Checkout &lt;fails&gt; &amp; crashes (2 reports) — investigation failed: The model server answered 502: &lt;!channel&gt; &lt;https://proxy.test|login&gt; &amp; more',
      '',
    ]);
  });

  it('writes plain text for e-mail as it is', () => {
    const text = renderDigest(digestOf([failed]), { style: 'plain' });
    expect(text).toContain(
      '• [crash] Checkout <fails> & crashes (2 reports) — investigation failed: The model server answered 502: <!channel> <https://proxy.test|login> & more',
    );
  });

  it('says how confident a diagnosis is and whether its evidence is grounded, or that it found no cause', () => {
    // Found by fresh-user trials: unverified and verified diagnoses both read "suspect …", a
    // diagnosis that tied nothing read "investigation done", and "verified suspect" beside a 15 %
    // confidence read as "right".
    const done = { state: 'done', reason: null, attempts: 1 } as const;
    const diagnosed = (
      outcome: DigestItem['outcome'],
      suspect?: DigestItem['suspect'],
      confidence?: number,
    ) => ({
      ...failed,
      title: `t-${outcome}`,
      investigation: done,
      diagnosisVersion: 1,
      outcome,
      ...(suspect ? { suspect } : {}),
      ...(confidence === undefined ? {} : { confidence }),
    });
    const at = { path: 'lib/parse.js', lines: [148, 160] as [number, number], symbol: 'parseKeys' };
    const text = renderDigest(
      digestOf([
        diagnosed('verified', { ...at, line: 150 }, 0.15),
        diagnosed('unverified', at, 0.72),
        diagnosed('no-cause'),
        { ...failed, title: 't-none', investigation: done },
      ]),
      { style: 'plain' },
    );
    expect(text.split('\n').filter((line) => line.startsWith('•'))).toEqual([
      '• [crash] t-verified (2 reports) — suspect lib/parse.js:150 (parseKeys): a guess (15%), grounded',
      '• [crash] t-unverified (2 reports) — suspect lib/parse.js:148-160 (parseKeys): likely right (72%), not grounded',
      '• [crash] t-no-cause (2 reports) — no cause found',
      '• [crash] t-none (2 reports) — investigation done',
    ]);
  });
});
