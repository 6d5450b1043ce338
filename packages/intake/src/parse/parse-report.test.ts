import { describe, expect, it } from 'vitest';
import { parseReport } from './parse-report.js';

describe('parseReport: report id', () => {
  const lf = [
    "# stringify throws 'Cyclic object value'",
    '',
    'RangeError: Cyclic object value',
    '    at stringify (/app/node_modules/qs/lib/stringify.js:78:15)',
    '',
  ].join('\n');

  it('is the same whatever the line endings, as text or bytes', () => {
    // Found by a fresh-user trial: the same report saved with CRLF got another id
    // (d57a1571921d3e3c, not 895011279061ab54), so the service stored it twice.
    const { id } = parseReport(lf);
    expect(id).toMatch(/^[0-9a-f]{16}$/);
    expect(parseReport(lf.replaceAll('\n', '\r\n')).id).toBe(id);
    expect(parseReport(Buffer.from(lf.replaceAll('\n', '\r\n'))).id).toBe(id);
    expect(parseReport(lf.replaceAll('\n', '\r')).id).toBe(id);
  });

  it('differs when the text does', () => {
    expect(parseReport(lf.replace('78:15', '79:15')).id).not.toBe(parseReport(lf).id);
  });
});
