import { describe, expect, it } from 'vitest';
import { type Boilerplate, normalizeLine, parseReport } from '../adapters/investigator.js';
import { withOwnTitle } from './own-title.js';

/** Boilerplate holding these lines as a learned form's. */
const formOf = (...lines: string[]): Boilerplate => ({
  lines: new Set(lines.map((line) => normalizeLine(line))),
  labels: new Set(),
  words: new Set(),
});

const FORM = formOf('Shop page problem', 'Summary of the problem:', 'Priority: medium');

const titleOf = (input: string | { title: string; body: string }, boilerplate = FORM) =>
  withOwnTitle(parseReport(input), boilerplate).title;

describe('withOwnTitle', () => {
  it("titles a text that opens with a form's lines by its first own line", () => {
    // Fresh-user trial: every report of a form was titled by the form's first line.
    expect(
      titleOf(
        'Shop page problem\n\nSummary of the problem:\nSearch ignores the category filter.\nPriority: medium\n',
      ),
    ).toBe('Search ignores the category filter.');
    expect(
      titleOf('## Shop page problem\n\nSummary of the problem:\n  The   invoice PDF\tis wrong.\n'),
    ).toBe('The invoice PDF is wrong.');
  });

  it("keeps a source's own title, a title no form holds, and one with nothing of its own after", () => {
    const body = 'Shop page problem\nSummary of the problem:\nSearch ignores the filter.';
    expect(
      titleOf({ title: 'Shop page problem', body: 'Summary of the problem:\nIt breaks.' }),
    ).toBe('Shop page problem');
    expect(titleOf(body, formOf('Summary of the problem:'))).toBe('Shop page problem');
    expect(titleOf(body, formOf())).toBe('Shop page problem');
    expect(titleOf('Shop page problem\nSummary of the problem:\nPriority: medium')).toBe(
      'Shop page problem',
    );
  });
});
