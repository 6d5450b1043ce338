import { describe, expect, it } from 'vitest';
import { defects4jIssue, titledReport } from './corpus-defects4j-reports.js';

describe('defects4jIssue', () => {
  it('keeps a tracker key, else takes the number its report address ends with', () => {
    expect(defects4jIssue({ bug_report_id: 'CLI-144' })).toEqual({
      issue: 144,
      issueKey: 'CLI-144',
    });
    expect(
      defects4jIssue({
        bug_report_id: '1013',
        bug_report_url: 'https://github.com/google/gson/issues/1013',
      }),
    ).toEqual({ issue: 1013 });
    expect(
      defects4jIssue({ bug_report_url: 'https://storage.googleapis.com/x/issues/issue-19.json' }),
    ).toEqual({ issue: 19 });
  });
});

describe('titledReport', () => {
  it('splits the title line from the description', () => {
    expect(titledReport(' NPE in Util \r\n\r\nat a.B(B.java:3)\n')).toEqual({
      title: 'NPE in Util',
      body: 'at a.B(B.java:3)',
    });
    expect(titledReport('only a title')).toEqual({ title: 'only a title', body: '' });
  });
});
