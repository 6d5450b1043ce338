/**
 * How much each in-app stack frame says about where the defect is. The innermost frame is where
 * the error surfaced, which is where the fix goes more often than not; but when that frame is a
 * helper that only checks and throws (an assertion), only reads (a 6-line accessor) or is a small
 * function half the repository calls, the defect is in the caller that handed it the bad value. Such helper frames
 * weigh half, and their caller weighs as the innermost frame would.
 */
import type { RepositoryIndex } from '@sightline/codebase';
import { fanIn } from '@sightline/codebase/internal';
import { codeSpan } from '../diagnosis/markdown-text.js';
import { bodyLines, isAccessor, readSourceLines } from './function-shape.js';
import { enclosingDefinition } from './suspect-range.js';

/** Frame at effective position `i` weighs `FRAME_DECAY ** i` (innermost 1, its caller 0.6, …). */
export const FRAME_DECAY = 0.6;
/** A helper frame keeps this share of its weight (Sightline's own choice). */
export const HELPER_FRAME_FACTOR = 0.5;
/** A function of at most this many lines that this many other files call is a shared helper. */
const HELPER_MAX_SHARED_LINES = 20;
const HELPER_MIN_FAN_IN = 8;
/** A body line that only checks, throws or returns (what an assertion helper is made of). */
const GUARD_LINE =
  /^\s*(?:[})\]]+[;,]?|end|else\b.*|if\b.*|unless\b.*|throw\b.*|raise\b.*|panic!?\(.*|assert\w*\b.*|invariant\(.*|fail\w*\(.*|return\b.*|\/\/.*|#.*|\*.*|\/\*.*|)\s*$/;

/** A frame as far as weighting needs. */
export interface WeightedFrameInput {
  path: string;
  line?: number;
}

/**
 * Whether the function around a frame is a helper: made only of checks and throws, a tiny accessor
 * that only reads a value, or a small function called from many files.
 * @param index - the repository index.
 * @param frame - a resolved in-app frame.
 * @returns the reason it is a helper (for the evidence), or `undefined`.
 */
export function helperReason(
  index: RepositoryIndex,
  frame: WeightedFrameInput,
): string | undefined {
  const file = index.files.get(frame.path);
  if (!file || !frame.line) return undefined;
  const definition = enclosingDefinition(file, frame.line);
  if (!definition || !['function', 'method'].includes(definition.kind)) return undefined;
  const [start, end] = definition.lines;
  const name = definition.name;
  const size = end - start + 1;
  const lines = readSourceLines(index, frame.path);
  const body = bodyLines(lines, definition);
  const raises = body.some((line) => /\b(throw|raise|panic!?|assert\w*)\b/.test(line));
  if (raises && body.length > 0 && body.every((line) => GUARD_LINE.test(line)))
    return `${codeSpan(name)} only checks and throws`;
  if (isAccessor(lines, definition)) return `${codeSpan(name)} is a ${size}-line accessor`;
  const callers = fanIn(index, frame.path, name);
  if (size <= HELPER_MAX_SHARED_LINES && callers >= HELPER_MIN_FAN_IN)
    return `${codeSpan(name)} is a small helper called from ${callers} files`;
  return undefined;
}

/**
 * The weight of each frame, innermost first: `FRAME_DECAY ** effectivePosition`, where helper
 * frames (see {@link helperReason}) weigh {@link HELPER_FRAME_FACTOR} of that and do not push
 * their callers further from the innermost position. The outermost frame is never a helper (there
 * is no caller to hand the weight to).
 * @param index - the repository index.
 * @param frames - the in-app frames, innermost first.
 * @returns one weight and, for helpers, the reason, per frame.
 */
export function frameWeights(
  index: RepositoryIndex,
  frames: readonly WeightedFrameInput[],
): { weight: number; helper?: string }[] {
  let effective = 0;
  return frames.map((frame, position) => {
    const helper = position < frames.length - 1 ? helperReason(index, frame) : undefined;
    const weight = FRAME_DECAY ** effective * (helper ? HELPER_FRAME_FACTOR : 1);
    if (!helper) effective += 1;
    return helper ? { weight, helper } : { weight };
  });
}
