/**
 * The one rule that tells binary data from text with a few stray control characters, for every
 * reader of a report: `parseReport` (the CLI's `investigate`, `triage`, MCP) and the service's
 * door (`POST /api/reports`, `sightline ingest`). A text is binary when over a tenth of its first
 * 16,384 characters are control characters or U+FFFD; a stray NUL in a log is removed with the
 * other control characters (`decodeInput`), not taken for a binary file.
 */

// C0 control characters other than tab, line feed and carriage return, and DEL.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

/** Characters of a text looked at. */
const SAMPLE_CHARACTERS = 16_384;

/** Share of control or replacement characters above which text is binary data. */
const BINARY_SHARE = 0.1;

/**
 * Why a text is binary data, to follow its subject.
 * @param text - the decoded text (after terminal escape sequences are removed, if they are).
 * @returns e.g. `is binary data: 2,048 of its first 4,096 characters are control characters or
 *   invalid bytes (the first, U+0000, at character 12).`; undefined for text.
 */
export function binaryTextProblem(text: string): string | undefined {
  const sample = text.slice(0, SAMPLE_CHARACTERS);
  const odd = [...sample.matchAll(new RegExp(`${CONTROL_CHARACTERS.source}|\\uFFFD`, 'g'))];
  const first = odd[0];
  if (sample.length === 0 || odd.length / sample.length <= BINARY_SHARE || !first) return undefined;
  const codePoint = `U+${(first[0].codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
  return `is binary data: ${odd.length.toLocaleString('en-US')} of its first ${sample.length.toLocaleString('en-US')} characters are control characters or invalid bytes (the first, ${codePoint}, at character ${(first.index ?? 0) + 1}).`;
}
