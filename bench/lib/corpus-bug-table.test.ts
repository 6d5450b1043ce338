import { describe, expect, it } from 'vitest';
import { recordSource } from './corpus.js';
import { bugTableCandidate, xmlTableRows } from './corpus-bug-table.js';

const spec = { dataset: 'd', repo: 'o/d', commit: 'c', licence: 'l' };
const source = (key: string) => recordSource(spec, 'data/Tomcat.xml', key);

describe('xmlTableRows', () => {
  it('reads each table row of a phpMyAdmin export, entities decoded and line breaks kept', () => {
    const xml = `<pma:structure_schemas><pma:table name="t">CREATE TABLE</pma:table></pma:structure_schemas>
      <table name="tomcat"><column name="bug_id">55995</column>
      <column name="description">NPE &quot;here&quot;
\tat a.B.&lt;init&gt;(B.java:70)</column></table>
      <table name="tomcat"><column name="bug_id">2</column></table>`;
    expect(xmlTableRows(xml)).toEqual([
      { bug_id: '55995', description: 'NPE "here"\n\tat a.B.<init>(B.java:70)' },
      { bug_id: '2' },
    ]);
  });
});

describe('bugTableCandidate', () => {
  const row = {
    bug_id: '55995',
    summary: 'Bug 55995  NullPointerException in JspC',
    description: 'Steps\r\n\r\n\r\n\r\nat x',
    status: 'resolved fixed',
    commit: '5e6b884',
  };

  it('reads a fixed report: the title without its "Bug N" prefix, the linked commit', () => {
    expect(bugTableCandidate(row, 'apache/tomcat', source)).toMatchObject({
      repo: 'apache/tomcat',
      fixCommits: ['5e6b884'],
      issue: 55995,
      issueKey: 'Bugzilla-55995',
      report: { title: 'NullPointerException in JspC', body: 'Steps\n\nat x' },
    });
  });

  it('skips a report that was not fixed or names no commit', () => {
    expect(
      bugTableCandidate({ ...row, status: 'resolved wontfix' }, 'a/b', source),
    ).toBeUndefined();
    expect(bugTableCandidate({ ...row, commit: '' }, 'a/b', source)).toBeUndefined();
  });
});
