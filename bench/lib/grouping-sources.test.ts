import { describe, expect, it } from 'vitest';
import {
  automatedError,
  type GroupingCandidate,
  isoDate,
  joinDoubleSubmissions,
  linkedGroups,
  linkedIds,
} from './grouping-sources.js';

describe('grouping set readers', () => {
  it('reads JIRA, Bugzilla and plain dates as UTC', () => {
    expect(isoDate('30/Sep/21 17:20')).toBe('2021-09-30T17:20:00.000Z');
    expect(isoDate('2020-01-02 17:14:21+00:00')).toBe('2020-01-02T17:14:21.000Z');
    expect(isoDate('2023-08-26 06:33:37')).toBe('2023-08-26T06:33:37.000Z');
    expect(() => isoDate('yesterday')).toThrow(/unreadable date/);
  });

  it('joins duplicates linked directly or through another report, naming each by its smallest id in the set', () => {
    const groups = linkedGroups(
      ['9', '10', '11', '12', '13', '14'],
      [
        ['11', '10'],
        ['9', '11'],
        ['12', '404'],
        ['13', '404'],
        ['14', '500'],
      ],
    );
    expect(groups.get('10')).toBe('9');
    expect(groups.get('11')).toBe('9');
    // Both closed as duplicates of 404, which is not in the data set: one group.
    expect(groups.get('12')).toBe('12');
    expect(groups.get('13')).toBe('12');
    expect(groups.get('14')).toBe('14');
  });

  it('reads a duplicate links cell as JIRA, Bugzilla and GitHub exports write it', () => {
    expect(linkedIds('13404344, 13400058')).toEqual(['13404344', '13400058']);
    expect(linkedIds("['138833', '149170']")).toEqual(['138833', '149170']);
    expect(linkedIds(' 1598175')).toEqual(['1598175']);
    expect(linkedIds('')).toEqual([]);
  });

  it('groups React DevTools crash reports by their automated error, numbers masked', () => {
    const body = (message: string) =>
      `### Website or app\n\nN/A\n\n### Error message (automated)\n\n${message}\n\n### Error call stack (automated)\n`;
    expect(
      automatedError(
        body('Cannot add node "1" because a node with that id is already in the Store.'),
      ),
    ).toBe(
      automatedError(
        body('Cannot add node "792" because a node with that id is already in the Store.'),
      ),
    );
    expect(automatedError(body('_No response_'))).toBeUndefined();
    expect(automatedError('no form here')).toBeUndefined();
  });

  it('joins the groups of a report filed twice with the same text', () => {
    const candidate = (
      id: string,
      title: string,
      body = 'Steps: open it, then save it twice.',
      group = id,
    ): GroupingCandidate => ({
      id,
      project: 'acme/app',
      issue: id,
      created: '2024-01-01T00:00:00.000Z',
      group,
      group_by: 'singleton',
      report: { title, body },
      source: {
        dataset: 'x',
        repo: 'acme/data',
        commit: 'c',
        path: 'p',
        record: id,
        licence: 'MIT',
      },
    });
    const joined = joinDoubleSubmissions([
      candidate('1', 'Crash on save'),
      candidate('2', 'Crash on save'),
      candidate('3', 'Crash on load'),
      // The same title again with a typo mended: filed twice; another text under it: another bug.
      candidate('4', 'Crash on load', 'Steps: open it,  then save it twice!'),
      candidate('5', 'Crash on load', 'Steps: rename the file while it loads.'),
    ]);
    expect(joined.map((entry) => entry.group)).toEqual(['1', '1', '3', '3', '5']);
    expect(joined.map((entry) => entry.group_by)).toEqual([
      'double-submission',
      'double-submission',
      'double-submission',
      'double-submission',
      'singleton',
    ]);
  });
});
