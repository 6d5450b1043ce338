import { describe, expect, it } from 'vitest';
import { bugMiningReport } from './corpus-bug-mining.js';

describe('bugMiningReport', () => {
  it('reads a GitHub issue as its reporter wrote it', () => {
    const issue = JSON.stringify({
      title: ' Panic on resize ',
      body: 'thread panicked\r\n\r\n\r\n\r\nat grid.rs',
    });
    expect(bugMiningReport('reports/3.json', issue)).toEqual({
      title: 'Panic on resize',
      body: 'thread panicked\n\nat grid.rs',
    });
  });

  it('skips a pull request saved in place of an issue', () => {
    const pull = JSON.stringify({ title: 'Fix resize', body: '', pull_request: { url: 'x' } });
    expect(bugMiningReport('reports/4.json', pull)).toBeUndefined();
  });

  it('reads a Google Code issue: summary and the first comment', () => {
    const issue = JSON.stringify({
      summary: 'Spurious warning',
      comments: [{ content: 'Compile this code' }, { content: 'a reply' }],
    });
    expect(bugMiningReport('reports/1.json', issue)).toEqual({
      title: 'Spurious warning',
      body: 'Compile this code',
    });
  });

  it('reads a JIRA XML view: summary, and the description decoded from escaped HTML', () => {
    const xml = [
      '<rss><channel><description>This file is an XML representation of an issue</description>',
      '<item>',
      '<title>[CSV-60] remove() should throw</title>',
      '<description>&lt;p&gt;The remove() method does nothing &amp;amp; returns.&lt;/p&gt;&lt;p&gt;at CSVParser.java:12&lt;/p&gt;</description>',
      '<summary>CSVParser.iterator().remove() should throw</summary>',
      '</item></channel></rss>',
    ].join('\n');
    expect(bugMiningReport('reports/1.xml', xml)).toEqual({
      title: 'CSVParser.iterator().remove() should throw',
      body: 'The remove() method does nothing & returns.\nat CSVParser.java:12',
    });
  });

  it('returns nothing for a file that is not an issue', () => {
    expect(bugMiningReport('reports/2.json', 'not json')).toBeUndefined();
    expect(bugMiningReport('reports/2.xml', '<rss></rss>')).toBeUndefined();
  });
});
