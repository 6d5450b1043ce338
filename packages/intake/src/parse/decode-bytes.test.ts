import { describe, expect, it } from 'vitest';
import { decodeReportBytes, invalidBytesNote, invalidBytesProblem } from './decode-bytes.js';

const text = 'TypeError: café is undefined\n';

describe('decodeReportBytes', () => {
  it('reads UTF-8, and UTF-16 little- or big-endian after its byte-order mark', () => {
    const utf16le = Buffer.from(text, 'utf16le');
    for (const [bytes, encoding] of [
      [Buffer.from(text), 'utf-8'],
      [Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]), 'utf-8'],
      [Buffer.concat([Buffer.from([0xff, 0xfe]), utf16le]), 'utf-16le'],
      [Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(utf16le).swap16()]), 'utf-16be'],
    ] as const) {
      expect(decodeReportBytes(bytes)).toEqual({ text, encoding, invalid: false });
    }
  });

  it('says when bytes were invalid in the encoding (Latin-1 text), never for binary data', () => {
    expect(decodeReportBytes(Buffer.from(text, 'latin1'))).toEqual({
      text: 'TypeError: caf\uFFFD is undefined\n',
      encoding: 'utf-8',
      invalid: true,
    });
    expect(decodeReportBytes(new Uint8Array([0x50, 0x4b, 3, 4, 0, 0xff, 0, 8])).invalid).toBe(
      false,
    );
    // A valid U+FFFD is no invalid byte.
    expect(decodeReportBytes(Buffer.from('a \uFFFD b')).invalid).toBe(false);
  });

  it('reads UTF-16LE without a byte-order mark when every unit is a Latin-1 letter and a NUL', () => {
    expect(decodeReportBytes(Buffer.from(text, 'utf16le'))).toEqual({
      text,
      encoding: 'utf-16le',
      invalid: false,
    });
    // A minidump (MDMP…), U+0000 units, an odd length or too few text-like units stay bytes.
    const minidump = Buffer.concat([Buffer.from('MDMP'), Buffer.from('abcdefgh', 'utf16le')]);
    const withNul = Buffer.concat([Buffer.from(text, 'utf16le'), Buffer.alloc(2)]);
    const odd = Buffer.concat([Buffer.from(text, 'utf16le'), Buffer.from('x')]);
    const zip = Buffer.from([0x50, 0x4b, 3, 4, 0, 0, 0, 8]);
    for (const bytes of [minidump, withNul, odd, zip]) {
      expect(decodeReportBytes(bytes).encoding).toBe('utf-8');
    }
  });
});

describe('invalidBytesNote and invalidBytesProblem', () => {
  it('say what invalid bytes mean in the encoding the text was read in', () => {
    // Found in review: a UTF-16 file with an unpaired surrogate was told it "is not valid UTF-8"
    // and to convert it from Latin-1.
    const lone = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('a\ud800b', 'utf16le')]);
    const { encoding, invalid } = decodeReportBytes(lone);
    expect({ encoding, invalid }).toEqual({ encoding: 'utf-16le', invalid: true });
    const damaged =
      'it holds a 16-bit unit that is no character (half of a surrogate pair), so the file is damaged; save or export it again, as UTF-8 if you can';
    expect(invalidBytesProblem(encoding)).toBe(`is not valid UTF-16: ${damaged}.`);
    expect(invalidBytesNote(encoding)).toBe(
      `invalid UTF-16 bytes were replaced with U+FFFD: ${damaged}`,
    );
    expect(invalidBytesProblem('utf-8')).toBe(
      'is not valid UTF-8: the text is in another encoding; convert it to UTF-8 from its encoding first (e.g. iconv -f WINDOWS-1252 -t UTF-8 for Western European text, -f SHIFT_JIS for Japanese; file -bi FILE may name it).',
    );
  });
});
