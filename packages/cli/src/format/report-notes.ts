/** What intake changed or could not read in an input, as the notes commands print on stderr. */

/**
 * The notes of one input as stderr lines, each distinct note once (the reports of an export
 * often share them: every one was decoded from the same bytes).
 * @param notes - notes in order: `Report.notes` of the reports read from the input, and any
 *   decoding note the caller made itself (`invalidBytesNote`).
 * @param source - names the input in each line: `the report`, or a file name.
 * @returns lines `note: SOURCE: NOTE`, without the command's prefix or a newline; empty when
 *   there is no note.
 * @example reportNoteLines(report.notes ?? [], 'the report') // ['note: the report: control characters were removed']
 */
export function reportNoteLines(notes: Iterable<string>, source: string): string[] {
  return [...new Set(notes)].map((note) => `note: ${source}: ${note}`);
}
