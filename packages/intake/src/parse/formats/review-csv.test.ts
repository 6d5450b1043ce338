import { describe, expect, it } from 'vitest';
import { readCsvRecords } from './review-csv.js';

describe('readCsvRecords', () => {
  it('reads every record of a well-formed export, quoted line breaks and CRLF included', () => {
    expect(readCsvRecords('\uFEFFid,text\r\n1,"a\r\nb"\r\n\r\n2,c\r\n', ',')).toEqual([
      { fields: { id: '1', text: 'a\nb' } },
      { fields: { id: '2', text: 'c' } },
    ]);
  });

  it('refuses a record it cannot read by the line it starts on, and reads on from the next line', () => {
    const text = [
      'id;text',
      '1;"fine"',
      '2;"a quote"then text',
      '',
      '3;"spans',
      'two lines"',
      '4;"never closed',
      '5;last',
    ].join('\n');
    expect(readCsvRecords(text, ';')).toEqual([
      { fields: { id: '1', text: 'fine' } },
      { line: 3, reason: 'is not a CSV row (text follows a closing quote)' },
      { fields: { id: '3', text: 'spans\ntwo lines' } },
      { line: 7, reason: 'is not a CSV row (a quote opened there is never closed)' },
      { fields: { id: '5', text: 'last' } },
    ]);
  });

  it('refuses a record with fewer fields than the header by the line it starts on', () => {
    // Found by a fresh-user trial: a row with too few fields was dropped without a word.
    const text = [
      'rating,review,title',
      '1,"crashes on save",t1',
      '',
      '2',
      '4,"a',
      'b"',
      '5,"great",t3',
    ];
    expect(readCsvRecords(text.join('\n'), ',')).toEqual([
      { fields: { rating: '1', review: 'crashes on save', title: 't1' } },
      { line: 4, reason: 'has 1 field where the header names 3' },
      { line: 5, reason: 'has 2 fields where the header names 3' },
      { fields: { rating: '5', review: 'great', title: 't3' } },
    ]);
  });

  it('refuses a record with more fields holding text than the header by the line it starts on', () => {
    // Found by a fresh-user trial: the text after an unquoted comma was dropped without a word,
    // `1,crashes on save, then freezes` read as "crashes on save".
    const text = [
      'rating,review',
      '1,crashes on save, then freezes',
      '2,"a, quoted",',
      '3,"spans',
      'two",lines,too',
      '5,great',
    ];
    expect(readCsvRecords(text.join('\n'), ',')).toEqual([
      { line: 2, reason: 'has 3 fields where the header names 2' },
      { fields: { rating: '2', review: 'a, quoted' } },
      { line: 4, reason: 'has 4 fields where the header names 2' },
      { fields: { rating: '5', review: 'great' } },
    ]);
  });

  it('refuses a row of blank fields only by its line: it holds no report', () => {
    // Found by review: `,` under `title,body` became an empty issue report.
    expect(readCsvRecords('title,body\n,\nCrash,on save\n " ", \n', ',')).toEqual([
      { line: 2, reason: 'has no text' },
      { fields: { title: 'Crash', body: 'on save' } },
      { line: 4, reason: 'has no text' },
    ]);
  });

  it('is null when the header row itself cannot be read', () => {
    expect(readCsvRecords('"id,text\n1,a\n', ',')).toBeNull();
  });
});
