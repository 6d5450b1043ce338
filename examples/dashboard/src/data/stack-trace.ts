/**
 * Generated stack traces, innermost frame first, shaped like a React app's in production: the
 * throwing app function, its app callers (with native glue between some of them), then React's
 * render loop and the scheduler. 15–30 frames; the throwing frame carries a few source lines
 * around the crash, as error trackers show them.
 */
import { APP_CALLERS, type IssueTemplate, LIBRARY_FRAMES, NATIVE_GLUE } from './issue-templates.js';
import { between, pick, type Random } from './random.js';

/** A source line shown around the crash. */
export interface ContextLine {
  line: number;
  code: string;
}

/** One frame of a stack trace, innermost first. */
export interface StackFrame {
  fn: string;
  file: string;
  line: number;
  column: number;
  /** Part of the app (true) or of a library or the runtime (false). */
  inApp: boolean;
  /** The source line, for the crash frame. */
  code?: string;
  /** Lines before, at and after the crash, for the crash frame. */
  context?: ContextLine[];
}

/** Frames in a generated trace (inclusive bounds). */
export const FRAME_COUNT = { min: 15, max: 30 } as const;

/** Source lines shown before and after the crash line. */
const CONTEXT_LINES = 3;

/**
 * The lines around a crash: the throwing function's opening, a tracing span around the body, and
 * its close. Generic on purpose: only the crash line comes from the template.
 */
function contextAround(fn: string, line: number, code: string): ContextLine[] {
  const before = [
    `export function ${fn}(...args) {`,
    `  const span = startSpan('${fn}');`,
    '  try {',
  ];
  const after = ['  } finally {', '    span.end();', '  }'];
  return [
    ...before.map((text, i) => ({ line: line - CONTEXT_LINES + i, code: text })),
    { line, code: `    ${code}` },
    ...after.map((text, i) => ({ line: line + 1 + i, code: text })),
  ];
}

/**
 * @param random - the issue's generator.
 * @param template - the error kind (its throwing frame and source line).
 * @param thrower - the app function that throws, when not the template's own (an issue variant).
 * @returns 15–30 frames, innermost first; exactly the first is the crash frame with context lines.
 */
export function generateStackTrace(
  random: Random,
  template: IssueTemplate,
  thrower: { fn: string; file: string } = template,
): StackFrame[] {
  const line = between(random, 12, 240);
  const frames: StackFrame[] = [
    {
      fn: thrower.fn,
      file: thrower.file,
      line,
      column: between(random, 5, 40),
      inApp: true,
      code: template.code,
      context: contextAround(thrower.fn, line, template.code),
    },
  ];
  const target = between(random, FRAME_COUNT.min, FRAME_COUNT.max);
  for (let i = between(random, 3, 6); i > 0; i--) {
    if (random() < 0.4)
      frames.push({ ...pick(random, NATIVE_GLUE), line: 1, column: 1, inApp: false });
    const caller = pick(random, APP_CALLERS);
    frames.push({
      ...caller,
      line: between(random, 10, 180),
      column: between(random, 3, 30),
      inApp: true,
    });
  }
  // React's render loop and the scheduler, outermost last; the loop repeats on deep trees.
  for (let i = 0; frames.length < target; i++) {
    const frame = LIBRARY_FRAMES[i % LIBRARY_FRAMES.length] ?? { fn: 'anonymous', file: '' };
    frames.push({
      ...frame,
      line: between(random, 1000, 16000),
      column: between(random, 7, 90),
      inApp: false,
    });
  }
  return frames;
}
