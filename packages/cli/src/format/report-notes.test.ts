import { describe, expect, it } from 'vitest';
import { reportNoteLines } from './report-notes.js';

describe('reportNoteLines', () => {
  it('names the input in each line and gives a note shared by several reports once', () => {
    expect(
      reportNoteLines(
        [
          'control characters were removed',
          'terminal colour and cursor codes were removed',
          'control characters were removed',
        ],
        'reviews.csv',
      ),
    ).toEqual([
      'note: reviews.csv: control characters were removed',
      'note: reviews.csv: terminal colour and cursor codes were removed',
    ]);
  });

  it('gives no line without a note', () => {
    expect(reportNoteLines([], 'the report')).toEqual([]);
  });
});
