/**
 * Reports written in a form the repository does not ship (a QA team's web form): only the lines
 * each writes itself tell them apart, so the form's lines are learned from the project's third
 * report in it on (trial 47: four such reports of four bugs were one group).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_DATABASES } from '../store/test-databases.test-helper.js';
import { MIN_LEARNING_SAMPLE } from './boilerplate.js';
import { openHarness, type ServiceHarness } from './harness.test-helper.js';

/** One report in the form: everything but `summary` is the form's. */
const inForm = (summary: string) => `Shop page problem

Internal QA intake sheet, revision four. Fill in every field; sheets left half empty are sent back by the coordinator.

Summary of the problem:
${summary}

Priority: medium
Area: customer storefront on the public website
Device: desktop browser on the office laptops behind the company proxy
Customer profile: wholesale buyer with invoices, several delivery addresses and a credit limit
Seen: every time, on the staging copy and on the live shop

Before sending: I looked through open tickets for the same problem, I added screenshots and browser console output, and I removed customer names and addresses from everything attached.
`;

const SUMMARIES = [
  'The wishlist is empty again after signing out and back in.',
  'Search results ignore the chosen category filter.',
  'The invoice PDF prints the wrong tax number.',
  'Product photos take ages to appear on phones.',
];

describe.each(TEST_DATABASES)(
  'reports in a form the repository does not ship, on $name',
  (kind) => {
    let harness: ServiceHarness;
    afterEach(() => harness?.close());

    const groupOf = async (text: string, id: string) => {
      const { reportIds } = await harness.ingestText([{ id, text }]);
      await harness.queue.drain({ timeoutMs: 60_000 });
      return (await harness.store.reports.get(reportIds[0] ?? ''))?.groupId;
    };

    /** Sends the four form reports in turn; the third and the fourth join none before them. */
    const expectThirdAndFourthApart = async () => {
      const groups: (string | null | undefined)[] = [];
      for (const [at, summary] of SUMMARIES.entries())
        groups.push(await groupOf(inForm(summary), `qa-${at}`));
      // The first two alone cannot tell a form from one report sent twice.
      const [, , third, fourth] = groups;
      expect(new Set(groups.slice(0, 2)).has(third)).toBe(false);
      expect(new Set(groups.slice(0, 3)).has(fourth)).toBe(false);
    };

    it('keeps different problems apart once the form is seen three times', async () => {
      harness = await openHarness(kind);
      await expectThirdAndFourthApart();
    }, 120_000);

    it('learns a new form at its third report in a project with many reports', async () => {
      // Past the least sample, what is learned from the stored reports is learned again only every
      // RELEARN_EVERY reports; the reports grouped meanwhile are counted as they come.
      harness = await openHarness(kind);
      for (let at = 0; at < MIN_LEARNING_SAMPLE + 5; at += 1)
        await groupOf(
          `Note ${at}\n\nThe ${at}th screen of the tour shows tip number ${at}.`,
          `n-${at}`,
        );
      await expectThirdAndFourthApart();
    }, 180_000);

    it("titles a report in a known form by its own first line, not the form's", async () => {
      // Fresh-user trial: every group of the form was listed as "Shop page problem".
      harness = await openHarness(kind);
      const titles: string[] = [];
      for (const [at, summary] of SUMMARIES.entries()) {
        const groupId = await groupOf(inForm(summary), `qa-${at}`);
        titles.push((await harness.store.groups.get(groupId ?? '')).title);
      }
      // The first two are titled before the form is known; from the third on it is.
      expect(titles.slice(2)).toEqual(SUMMARIES.slice(2));
      expect(titles[0]).toBe('Shop page problem');
    }, 120_000);

    it('still groups a report sent twice', async () => {
      harness = await openHarness(kind);
      const first = await groupOf(inForm(SUMMARIES[0] ?? ''), 'once');
      expect(await groupOf(inForm(SUMMARIES[0] ?? ''), 'twice')).toBe(first);
    }, 120_000);
  },
);
