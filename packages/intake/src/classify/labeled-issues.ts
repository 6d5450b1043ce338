/**
 * Reads labelled issues from a CSV file with the NLBSE'24 tool competition's columns
 * (`repo, created_at, label, title, body`; RFC 4180 quoting, multi-line bodies).
 */
import { readFile } from 'node:fs/promises';
import { SightlineError } from '@sightline/core';
import { parse } from 'csv-parse/sync';
import { ISSUE_LABELS, type IssueLabel } from './issue-classifier.js';
import type { IssueText } from './issue-features.js';

/** An issue with its label from the data set. */
export interface LabeledIssue extends IssueText {
  label: IssueLabel;
}

/**
 * Reads a CSV file of labelled issues.
 *
 * @param file - Path of the `.csv` file (UTF-8, with a header row naming `label`, `title`, `body`).
 * @returns The issues in file order.
 * @throws SightlineError `INVALID_ARGUMENT` when the CSV cannot be parsed, lacks a column, or a
 *   label is not bug, feature or question; the `fs` error (e.g. `ENOENT`) when it cannot be read.
 */
export async function readLabeledIssues(file: string): Promise<LabeledIssue[]> {
  const bytes = await readFile(file);
  let rows: Array<Record<string, string>>;
  try {
    rows = parse(bytes, { columns: true, skip_empty_lines: true });
  } catch (error) {
    throw new SightlineError({
      code: 'INVALID_ARGUMENT',
      message: `${file} is not a CSV file of labelled issues: ${error instanceof Error ? error.message : String(error)}. Give a CSV with a header row and the columns label, title and body.`,
      cause: error,
    });
  }
  return rows.map((row, index) => {
    const label = row.label as IssueLabel;
    if (!ISSUE_LABELS.includes(label) || typeof row.title !== 'string' || row.body === undefined) {
      throw new SightlineError({
        code: 'INVALID_ARGUMENT',
        message: `${file}: row ${index + 1} is not a labelled issue: it needs a label (${ISSUE_LABELS.join(', ')}), a title and a body column.`,
      });
    }
    return { label, title: row.title, body: row.body };
  });
}
