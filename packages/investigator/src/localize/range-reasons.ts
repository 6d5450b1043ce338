/**
 * Suspect reasons made true of the range a suspect shows. The localizer scores files, and some of
 * a file's reasons name a place in it: a definition (`defines \`JSON5\` mentioned in the report`,
 * `BM25 match in \`usage\`: …`) or a stack frame's line. The range shown is chosen by the
 * strongest signal, so such a place may lie outside it (`lib/cli.js:137-152 (usage)` is credited
 * because line 6 defines `JSON5`). A reason whose place is outside the range is kept, but says
 * where it holds (`elsewhere in the file (line 6): defines …`), so no reader, and not the agent
 * that is shown one reason per suspect, takes it for a claim about the range.
 */
import type { IndexedFile } from '@sightline/codebase';

/** The prefix of a reason that holds in the suspect's file but outside the range shown. */
export const ELSEWHERE_PREFIX = 'elsewhere in the file';

/** A reason that names a definition: its (last) name segment. */
const NAMED_DEFINITION = /^(?:defines|BM25 match in) `([^`]+)`/;
/** A stack-frame reason: the frame's path and line. */
const FRAME_LINE =
  /^(?:innermost in-app frame|in-app frame \d+ of the stack \(a caller\)): (.+?):(\d+)\b/;

/**
 * Where a reason's place is, relative to the range: inside, elsewhere in the file (its first
 * line), not in the file at all (a definition only a twin has), or unknown (the reason names none).
 */
type Place = 'inside' | { line: number } | 'absent' | undefined;

function overlaps([start, end]: readonly [number, number], lines: readonly [number, number]) {
  return start <= lines[1] && lines[0] <= end;
}

function placeOf(reason: string, file: IndexedFile, lines: readonly [number, number]): Place {
  const frame = FRAME_LINE.exec(reason);
  if (frame) {
    // A frame into another file (a bundle traced to this source) says nothing of this file's lines.
    if (frame[1] !== file.path) return undefined;
    const line = Number(frame[2]);
    return line >= lines[0] && line <= lines[1] ? 'inside' : { line };
  }
  const named = NAMED_DEFINITION.exec(reason);
  if (!named) return undefined;
  const name = named[1]?.split('.').at(-1);
  const definitions = file.definitions.filter((definition) => definition.name === name);
  if (definitions.length === 0) return 'absent';
  if (definitions.some((definition) => overlaps(definition.lines, lines))) return 'inside';
  return { line: definitions[0]?.lines[0] ?? 1 };
}

/**
 * A suspect's reasons, each true of the range shown: a reason naming a definition or a frame line
 * outside `lines` is prefixed with {@link ELSEWHERE_PREFIX} and the line where it holds; one naming
 * a definition the file does not have (it was found in a twin) says which file has it; the others
 * are unchanged, in the same order.
 * @param evidence - the reasons, as the localizer wrote them for the file `from`.
 * @param file - the indexed file the suspect points at (its definitions locate named places).
 * @param lines - the range shown, 1-based inclusive.
 * @param from - the file the reasons were found in (a twin of `file`). Default `file.path`.
 * @returns the reasons.
 * @example
 * reasonsForRange(['defines `JSON5` mentioned in the report'], cliJs, [137, 152]);
 * // ['elsewhere in the file (line 6): defines `JSON5` mentioned in the report']
 */
export function reasonsForRange(
  evidence: readonly string[],
  file: IndexedFile,
  lines: readonly [number, number],
  from: string = file.path,
): string[] {
  return evidence.map((reason) => {
    const place = placeOf(reason, file, lines);
    if (place === 'absent' && from !== file.path) return `in ${from}: ${reason}`;
    if (typeof place === 'object') return `${ELSEWHERE_PREFIX} (line ${place.line}): ${reason}`;
    return reason;
  });
}
