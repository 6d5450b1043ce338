import { MAX_REPORT_BYTES } from '@sightline/intake';
import { describe, expect, it } from 'vitest';
import type { ReportRecord } from '../store/index.js';
import { parseStored } from './process-report.js';

describe('parseStored', () => {
  it('reads a report the API took whose text is over 10 MiB in UTF-8 (it arrived as UTF-16)', () => {
    // Found in review: ingest and the API bound a report by its bytes as sent; an 8 MiB UTF-16
    // file of Japanese stored fine and then failed here as REPORT_TOO_LARGE.
    const text = `エラー: 保存できません\n${'詳細 '.repeat(1_900_000)}`;
    expect(Buffer.byteLength(text)).toBeGreaterThan(MAX_REPORT_BYTES);
    const row = {
      id: 'r1',
      format: 'auto',
      filename: null,
      payload: { text },
    } as unknown as ReportRecord;
    expect(parseStored(row).title).toBe('エラー: 保存できません');
  });
});
