import { randomTexts } from '@sightline/core/testing';
import { describe, expect, it } from 'vitest';
import { checkedLocations, fencedDiff, fencedQuotes, locationBullets } from './report-scan.js';

// The patterns the scans replace, as the reference for what they give.
const LOCATION =
  /^\s*[-*]\s+`?([^\s`:]+):(\d+)(?:\s*-\s*(\d+))?`?(?:\s+`([^`]*)`)?[^(\n]*\((cause|symptom|related)\)/gm;
const QUOTE =
  /^\s*`?([^\s`:]+):(\d+)(?:-\d+)?`?:?\s*\n+(`{3,}|~{3,})[^\n]*\n([\s\S]*?)\n\3[ \t]*$/gm;
const CHECKED = /^\s*[-*]\s+`?([^\s`:]+):(\d+)(?:\s*-\s*(\d+))?/gm;
const DIFF = /^(`{3,}|~{3,})\s*(?:diff|patch)[^\n]*\n([\s\S]*?)\n\1[ \t]*$/m;

const defined = <T extends object>(value: T) =>
  Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined));

const byPattern = {
  location: (text: string) =>
    [...text.matchAll(LOCATION)].map(([, path, start, end, symbol, role]) =>
      defined({ path, start, end, symbol, role }),
    ),
  checked: (text: string) =>
    [...text.matchAll(CHECKED)].map(([, path, start, end]) => defined({ path, start, end })),
  quote: (text: string) =>
    [...text.matchAll(QUOTE)].map(([, path, line, , quote]) => ({ path, line, quote })),
  diff: (text: string) => {
    const match = DIFF.exec(text);
    return match ? { block: match[0], patch: match[2] } : undefined;
  },
};

const LINE_PARTS = ['\n', '\r', '\r\n', '\u2028', ' ', '\t', 'a', 'x', '(', ')'];

describe('report scans', () => {
  it('read the bullets the location patterns match', () => {
    const parts = [
      ...LINE_PARTS,
      '- ',
      '* ',
      '-',
      '`',
      'a:',
      ':',
      '1',
      '12',
      ' - ',
      '(cause)',
      '(related)',
      '(symptom',
      '`s`',
      ' `',
    ];
    for (const text of randomTexts(1, parts, 20_000, 16)) {
      expect(locationBullets(text), JSON.stringify(text)).toEqual(byPattern.location(text));
      expect(checkedLocations(text), JSON.stringify(text)).toEqual(byPattern.checked(text));
    }
  });

  it('read the quotes and the diff the fence patterns match', () => {
    const parts = [
      ...LINE_PARTS,
      'a:1',
      'a:',
      '1',
      '-2',
      ':',
      '`',
      '```',
      '~~~',
      '````',
      '``',
      'diff',
      'patch',
      '\n```\n',
    ];
    for (const text of randomTexts(2, parts, 20_000, 16)) {
      expect(fencedQuotes(text), JSON.stringify(text)).toEqual(byPattern.quote(text));
      expect(fencedDiff(text), JSON.stringify(text)).toEqual(byPattern.diff(text));
    }
  });

  it('read a mebibyte of blank lines, digits, unclosed fences and lines ended by \\r alone in one pass', () => {
    const mebibyte = (unit: string) => unit.repeat(Math.ceil(2 ** 20 / unit.length));
    expect(locationBullets(`x\n${mebibyte(' \n')}x`)).toEqual([]);
    expect(locationBullets(`- a:${mebibyte('1')}`)).toEqual([]);
    expect(locationBullets(mebibyte('- a:1 x\r'))).toEqual([]);
    expect(locationBullets(`${mebibyte('- a:1 `x\r')}(cause)`)).toHaveLength(1);
    expect(checkedLocations(`x\n${mebibyte(' \n')}x`)).toEqual([]);
    expect(fencedQuotes(`a:1${mebibyte('\n')}x`)).toEqual([]);
    expect(fencedQuotes(mebibyte('a:1\n```x\n'))).toEqual([]);
    // Each fence of four finds no line of four to close it and gives one back.
    const quotes = mebibyte('a:1\n````x\nb\n```\n');
    expect(fencedQuotes(quotes)).toHaveLength(quotes.length / 16);
    expect(fencedDiff(mebibyte('```diff\n'))).toBeUndefined();
    expect(fencedDiff(mebibyte('```diff\r'))).toBeUndefined();
  });
});
