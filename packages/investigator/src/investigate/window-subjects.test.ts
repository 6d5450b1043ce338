import { describe, expect, it } from 'vitest';
import { reportMatchedFiles } from './window-subjects.js';

describe('reportMatchedFiles', () => {
  const commits = [
    { subject: 'Parse ISO dates in DateDeserializer', files: ['src/date.ts', 'src/parse.ts'] },
    { subject: 'Fix typo in README', files: ['README.md'] },
    { subject: 'Release 2.4.0', files: ['package.json'] },
    { subject: 'Speed up date parsing', files: ['src/date.ts'] },
  ];

  it('keeps the files of commits whose subject shares a term with the report', () => {
    const report = 'Since upgrading to 2.4 the deserializer throws on ISO date strings';
    expect(reportMatchedFiles(commits, report)).toEqual(
      new Map([
        ['src/date.ts', 2],
        ['src/parse.ts', 1],
      ]),
    );
  });

  it('ignores change-log words both sides use (release, fix, version, upgrade)', () => {
    const report = 'After the release of the new version, upgrading broke everything: please fix';
    expect(reportMatchedFiles(commits, report)).toEqual(new Map());
  });
});
