import { describe, expect, it } from 'vitest';
import { normalizeForRecall, recalls } from './fact-recall.js';

describe('normalizeForRecall', () => {
  it('decodes entities, folds case and whitespace, and drops digit-group commas', () => {
    expect(
      normalizeForRecall(
        '<td>TypeError:&nbsp;Cannot &amp; &#39;id&#39;</td>\n  12,408 · 1,234,567',
      ),
    ).toBe("<td>typeerror: cannot & 'id'</td> 12408 · 1234567");
  });

  it("reads YAML's doubled single quote as one", () => {
    expect(normalizeForRecall("- 'link \"evaluating ''window.track''\"'")).toBe(
      "- 'link \"evaluating 'window.track'\"'",
    );
  });

  it('keeps commas that are not digit groups', () => {
    expect(normalizeForRecall('a, b 1,5 2,34')).toBe('a, b 1,5 2,34');
  });
});

describe('recalls', () => {
  const page = normalizeForRecall('Events: 12,408 · crash-free 98.2% · env: production\n8 widgets');

  it('finds answers regardless of formatting', () => {
    expect(
      ['12408', '12,408', 'PRODUCTION', '98.2%', '8'].map((answer) => recalls(page, answer)),
    ).toEqual([true, true, true, true, true]);
  });

  it('does not match inside a longer word or number', () => {
    expect(['2', '98', 'product', '2408'].map((answer) => recalls(page, answer))).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  it('never recalls an empty answer', () => {
    expect(recalls(page, '  ')).toBe(false);
  });

  it('with a unit, counts only occurrences written next to it', () => {
    const text = normalizeForRecall('8 widgets · widgets: 12 · Apr 8 · 3 of 38 issues');
    expect(
      [
        ['8', 'widgets'],
        ['12', 'widgets'],
        ['38', 'issues'],
        ['3', 'issues'],
        ['3', 'widgets'],
        ['8', 'widget'],
      ].map(([answer, unit]) => recalls(text, answer ?? '', unit)),
    ).toEqual([true, true, true, false, false, false]);
    expect(recalls(normalizeForRecall('Apr 8 · 8 pages of widgets'), '8', 'widgets')).toBe(false);
  });
});
