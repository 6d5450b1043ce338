import { countTokens } from '@sightline/core';
import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../types.js';
import { findTitle, formatData } from './format-data.js';

const caps = { maxTableRows: 2, maxTableColumns: 2 };

describe('formatData', () => {
  it('leaves out a separator space before a digit, where the tokenizer would spend a token on it', () => {
    const data = { events: 2620, since: '2026-11-30 11:53 UTC', level: 'warning' };
    const lines = formatData(
      {
        ...data,
        last: ['11:58:35 navigation', 'click', '11:59:31 click'],
        rows: [{ a: 'x', n: 93 }],
      },
      caps,
    );
    expect(lines).toEqual([
      'events:2620',
      'since:2026-11-30 11:53 UTC',
      'level: warning',
      'last:11:58:35 navigation, click,11:59:31 click',
      'rows:',
      '| a | n |',
      '| --- | --- |',
      '| x |93 |',
    ]);
    // Before digits the space is a token of its own; before a word it merges and costs nothing.
    expect(countTokens('events:2620')).toBe(countTokens('events: 2620') - 1);
    expect(countTokens('level: warning')).toBe(countTokens('level:warning'));
  });

  it('writes key: value lines, flattens nested objects and joins scalar lists', () => {
    const data = {
      filters: { environment: 'production', range: { from: '-24h', to: 'now' } },
      tags: ['api', 'eu-west'],
      empty: [],
      none: {},
      count: 3,
      muted: false,
      owner: null,
    };
    expect(formatData(data, caps)).toEqual([
      'filters.environment: production',
      'filters.range.from: -24h',
      'filters.range.to: now',
      'tags: api, eu-west',
      'empty: (none)',
      'none: {}',
      'count:3',
      'muted: false',
      'owner: null',
    ]);
  });

  it('renders lists of flat objects as tables with row and column caps', () => {
    const rows: JsonObject[] = [
      { title: 'TypeError | x', count: 10, level: 'error' },
      { title: 'Timeout\nin fetch', count: 4 },
      { title: 'Third', count: 1 },
    ];
    expect(formatData({ issues: rows }, caps)).toEqual([
      'issues (2 of 3; +1 columns):',
      '| title | count |',
      '| --- | --- |',
      '| TypeError \\| x |10 |',
      '| Timeout in fetch |4 |',
    ]);
  });

  it('counts items the serializer cut off', () => {
    expect(formatData({ ids: [1, 2, '… [8 more items]'] }, caps)).toEqual([
      'ids:1,2, … (10 in all)',
    ]);
    expect(formatData({ rows: [{ a: 1 }, '… [5 more items]'] }, caps)).toEqual([
      'rows (1 of 6):',
      '| a |',
      '| --- |',
      '|1 |',
    ]);
  });

  it('indexes lists of nested values and indents multi-line strings', () => {
    expect(
      formatData({ series: [{ name: 'p95', points: [1, 2] }, [3], 'x'], stack: 'a\nb' }, caps),
    ).toEqual([
      'series[0].name: p95',
      'series[0].points:1,2',
      'series[1]:3',
      'series: … 1 more items',
      'stack: |',
      '  a',
      '  b',
    ]);
  });

  it('summarizes to the first scalar facts and list sizes', () => {
    const data = { status: 'open', rows: [1, 2, '… [3 more items]'], nested: { a: 1 }, b: 2, c: 3 };
    expect(formatData(data, { ...caps, summary: true })).toEqual([
      'status: open',
      'rows:5 items',
      'b:2',
    ]);
    expect(formatData('plain', caps)).toEqual(['value: plain']);
    expect(formatData(null, caps)).toEqual([]);
  });
});

describe('findTitle', () => {
  it('finds the first title-like string key of the data', () => {
    expect(findTitle({ name: 'Errors', title: 'Error rate', value: 1 })).toEqual({
      title: 'Error rate',
      titleKey: 'title',
    });
    expect(findTitle({ label: 'A\n B' })).toEqual({ title: 'A B', titleKey: 'label' });
    expect(findTitle({ title: 3 })).toEqual({});
    expect(findTitle([1])).toEqual({});
  });

  it('is left out of the lines when formatData is told so', () => {
    expect(formatData({ title: 'T', a: 1 }, { ...caps, omitKey: 'title' })).toEqual(['a:1']);
    expect(formatData({ title: 'T', a: 1 }, { ...caps, omitKey: 'title', summary: true })).toEqual([
      'a:1',
    ]);
  });
});
