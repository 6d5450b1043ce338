import { describe, expect, it } from 'vitest';
import { joinBoilerplate } from '../adapters/investigator.js';
import {
  formLinesOf,
  GROUPING_TEXT_CHARS,
  learnBoilerplate,
  MIN_LEARNING_SAMPLE,
  MIN_LINE_SAMPLE,
  tallyLines,
} from './boilerplate.js';
import { contentWords, estimateJaccard, REVIEW_TEXT, textMinHash } from './group-key.js';

/** A site-compatibility report as a web form writes it, quoted by the tool that moved it. */
const webForm = (site: string, problem: string, steps: string) => `From the compatibility form.

> **URL**: https://${site}/start
>
> **Browser / Version**: Navigator 2.53.17
> **Operating System**: Windows 10
> **Tested Another Browser**: Yes Firefox
>
> **Problem type**: ${problem}
> **Steps to Reproduce**:
> ${steps}
> <summary>View the screenshot</summary>
> <summary>Browser Configuration</summary>
> _Sent from the compatibility form with thanks_

Moved here by the issue mover add-on.`;

const words = (text: string) => contentWords(text);

describe('learned boilerplate', () => {
  const sites = Array.from({ length: 40 }, (_, i) =>
    webForm(
      `shop${i}.example`,
      i % 2 ? 'Design is broken' : 'Site is not usable',
      `Step ${i} fails`,
    ),
  );

  it('learns nothing from fewer reports than the least sample', () => {
    const learned = learnBoilerplate(sites.slice(0, MIN_LINE_SAMPLE - 1), words);
    expect(learned.lines.size).toBe(0);
    expect(learned.words?.size ?? 0).toBe(0);
  });

  it("learns a form's lines from three reports, its common words only from many", () => {
    // Trial 47: until the project had 20 reports, a form's lines were its reports' content.
    const few = learnBoilerplate(sites.slice(0, MIN_LINE_SAMPLE), words);
    expect(few.lines.has('operating system windows 10')).toBe(true);
    expect(few.lines.has('step 1 fails')).toBe(false);
    expect(few.words?.size ?? 0).toBe(0);
    expect(learnBoilerplate(sites.slice(0, MIN_LEARNING_SAMPLE - 1), words).words?.size ?? 0).toBe(
      0,
    );
  });

  it('learns the form’s lines and common words from the project’s reports', () => {
    const learned = learnBoilerplate(sites, words);
    expect(learned.lines.has('operating system windows 10')).toBe(true);
    expect(learned.words?.has('navigator')).toBe(true);
    // A word of one report only stays content.
    expect(learned.words?.has('shop7')).toBe(false);
  });

  it('learns from the first GROUPING_TEXT_CHARS characters of each report only', () => {
    const padding = 'x'.repeat(GROUPING_TEXT_CHARS);
    const early = sites.map((site) => `${site}\nSent by the early mover`);
    const late = sites.map((site) => `${site}\n${padding}\nSent by the late mover`);
    expect(learnBoilerplate(early, words).lines.has('sent by the early mover')).toBe(true);
    expect(learnBoilerplate(late, words).lines.has('sent by the late mover')).toBe(false);
    expect(learnBoilerplate(late, words).words?.has('late')).toBe(false);
    expect(learnBoilerplate(early, words).words?.has('early')).toBe(true);
  });

  it('counts texts alike in their first GROUPING_TEXT_CHARS characters as one report', () => {
    const head = `Sent from the kiosk form\n${'y'.repeat(GROUPING_TEXT_CHARS)}`;
    const tally = tallyLines([`${head}\ntail one`, `${head}\ntail two`]);
    expect(tally.texts).toBe(1);
    // A third text alike in what is read is no third report: the line is no form's yet.
    expect(formLinesOf(tally, `${head}\ntail three`).has('sent from the kiosk form')).toBe(false);
  });

  it('keeps two different sites’ reports in one form apart', () => {
    const a = webForm(
      'bank.example',
      'Site is not usable',
      'The login page stays blank after the password is sent',
    );
    const b = webForm(
      'news.example',
      'Site is not usable',
      'Videos on the front page never start playing',
    );
    const learned = joinBoilerplate(learnBoilerplate(sites, words), {
      lines: new Set(),
      labels: new Set(),
    });
    const similarity = (boilerplate?: Parameters<typeof textMinHash>[1]) =>
      estimateJaccard(textMinHash(a, boilerplate), textMinHash(b, boilerplate));
    expect(similarity(learned)).toBeLessThan(REVIEW_TEXT.threshold);
    // The test can fail: without what was learned the form makes them look alike (at the
    // loosest text setting the service uses, the reviews’).
    expect(similarity()).toBeGreaterThanOrEqual(REVIEW_TEXT.threshold);
  });
});
