/**
 * The diagnosis Sightline gives without a model: what the evidence shows and nothing more. The
 * root cause names the exception, where it was raised and the in-app frames it went through (or,
 * without a trace, the best lexical and symbol matches, with low confidence); affected files are
 * the top suspects, each with a line quoted verbatim from the repository; no change is proposed.
 */
import { createFileGate, type RepositoryIndex } from '@sightline/codebase';
import { readPackageName } from '@sightline/codebase/internal';
import { withoutWithheldNotes } from '@sightline/core';
import { allFrames, type Report } from '@sightline/intake';
import { assembleDiagnosis, type LabelCertainty } from '../diagnosis/assemble-diagnosis.js';
import { isMeaningfulQuote } from '../diagnosis/find-quote.js';
import { codeSpan, pathInProse } from '../diagnosis/markdown-text.js';
import type { AffectedFile, Diagnosis, DiagnosisLabel, Suspect } from '../diagnosis/schema.js';
import { MOVED_FRAME_PREFIX } from './frame-range.js';
import { FOREIGN_REPORT_REASON, localize } from './localize.js';
import { assessOffline } from './offline-assessment.js';
import { collectReportSignals, type InAppFrame, type ReportSignals } from './report-signals.js';
import { staleFrameNote } from './stale-frame.js';
import type { UnreadableFrame } from './unreadable-frames.js';

/** Options of {@link diagnoseOffline}. */
export interface DiagnoseOfflineOptions {
  /** The report's classification. Default `crash` when it carries an exception, else `bug`. */
  label?: DiagnosisLabel;
  /** How sure `label` is, recorded in the diagnosis. Default: not recorded. */
  labelCertainty?: LabelCertainty;
  /** Suspects already computed by {@link localize}. Default: localize now. */
  suspects?: Suspect[];
  /** Affected files cited, at most. Default 3. */
  maxAffectedFiles?: number;
  /** This repository's package name. Default: `name` of the root `package.json`. */
  packageName?: string;
  /** The report's signals, when the caller already collected them (`collectReportSignals`). */
  signals?: ReportSignals;
}

/** Confidence with an in-app frame: the crash site is known, the defect is not. */
const TRACE_CONFIDENCE = 0.4;
/** Confidence from words and names alone. */
const LEXICAL_CONFIDENCE = 0.15;
/** A suspect is cited when its score is at least this share of the top score. */
const CITED_SHARE = 0.4;
/** Callers listed in the explanation, at most. */
const SHOWN_CALLERS = 4;

const MODEL_NOTE =
  'This is an offline ranking from stack frames, names in the report, text similarity and the repository graph; no model read the code, so the actual defect (which may sit in a caller or in the code that produced the bad data) is not established and no change is proposed. Configure a model (--model) to investigate further.';

/** Reads a file's lines through the secret gate; `[]` for a file the gate refuses. */
type LineReader = (file: string) => Promise<string[]>;

/**
 * The lines of a repository file as the secret gate shows them, withheld lines blanked so they
 * are never quoted; `[]` for a file the gate refuses (secret, hard link, binary, unreadable).
 * Each file is read and scanned once per diagnosis (the innermost frame's file is read for the
 * stale-trace check and again as an affected file).
 */
function createLineReader(index: RepositoryIndex): LineReader {
  const gate = createFileGate(index.root);
  const read = new Map<string, Promise<string[]>>();
  return (file) => {
    let lines = read.get(file);
    if (!lines) {
      lines = gate(file).then((gated) =>
        gated.ok ? gated.lines.map((line, at) => (gated.withheld.has(at + 1) ? '' : line)) : [],
      );
      read.set(file, lines);
    }
    return lines;
  };
}

/**
 * The first line at or after `from` within `lines`' range that holds code (not blank, not braces
 * or punctuation alone: `isMeaningfulQuote`), quoted verbatim.
 */
function quoteAt(
  lines: string[],
  [from, to]: [number, number],
): { line: number; quote: string } | undefined {
  for (let line = from; line <= Math.min(to, lines.length); line += 1) {
    const text = lines[line - 1]?.trim();
    if (text && isMeaningfulQuote(text)) {
      return { line, quote: text.length > 200 ? text.slice(0, 200) : text };
    }
  }
  return undefined;
}

async function affectedFile(
  readLines: LineReader,
  suspect: Suspect,
  frame: InAppFrame | undefined,
  cause: boolean,
): Promise<AffectedFile | undefined> {
  const lines = await readLines(suspect.path);
  // The frame's own line is quoted when it lies in the suspect's range (verification wants the
  // quote inside the range: a long function's block or a twin's range may leave it out).
  const [start, end] = suspect.lines;
  const inRange = frame?.line !== undefined && frame.line >= start && frame.line <= end;
  const at = frame?.line && inRange ? quoteAt(lines, [frame.line, frame.line]) : undefined;
  const quote = at ?? quoteAt(lines, suspect.lines);
  if (!quote) return undefined;
  return {
    path: suspect.path,
    lines: suspect.lines,
    ...(suspect.symbol ? { symbol: suspect.symbol } : {}),
    role: cause ? 'cause' : frame ? 'symptom' : 'related',
    evidence: [{ path: suspect.path, ...quote }],
  };
}

function describeFrame(frame: InAppFrame): string {
  // A frame whose line is not known here (a compiled copy's statement not found in its source)
  // names its file alone (trial 48: "raised at src/y.ts:?"); one without a function, its place
  // alone (trial 49: "called through (dist/bin.js:89)").
  const place = `${pathInProse(frame.path)}${frame.line === undefined ? '' : `:${frame.line}`}`;
  return frame.function ? `${codeSpan(frame.function)} (${place})` : place;
}

/**
 * The frames as the root cause names them: a frame printed without a function (a Rust panic's
 * `src/main.rs:4:5`, a C assertion's file and line) takes the symbol of the cited suspect whose
 * range holds its line, as the index names it (fresh-user trial 44: "raised at (src/main.rs:4)").
 */
function namedFrames(frames: InAppFrame[], cited: readonly Suspect[]): InAppFrame[] {
  return frames.map((frame) => {
    if (frame.function || frame.line === undefined) return frame;
    const { line } = frame;
    const holder = cited.find(
      (suspect) =>
        suspect.path === frame.path &&
        suspect.symbol &&
        suspect.lines[0] <= line &&
        line <= suspect.lines[1],
    );
    return holder?.symbol ? { ...frame, function: holder.symbol } : frame;
  });
}

/** A suspect's first two reasons, `''` when it has none (never printed as empty parentheses). */
function shownReasons(suspect: Suspect): string {
  return suspect.evidence.slice(0, 2).join('; ');
}

/**
 * The root cause as far as the evidence goes: the trace if there is one, else the best matches,
 * else what little there is (`chance`: the best suspect only chance ties to the report).
 * `mismatch` says why the trace's lines do not match this checkout, when they do not.
 */
function describeRootCause(
  frames: InAppFrame[],
  cited: Suspect[],
  traced: boolean,
  chance: Suspect | undefined,
  hidden: UnreadableFrame | undefined,
  mismatch: { moved?: string; stale?: string },
): Diagnosis['rootCause'] {
  const [innermost] = frames;
  const first = cited[0];
  if (innermost) {
    // A stack trace logged without an exception (a Sentry message event) shows where, not what.
    const { type = '', message = '' } = innermost.exception ?? {};
    // The report's words as a code span: a backtick of theirs never pairs with one of ours. A
    // message the secret gate withheld is said to be withheld, not quoted as the note that stands
    // for it (fresh-user trial 40: "`TypeError: [withheld: …]` is raised").
    const said = withoutWithheldNotes(message).trim();
    const quoted = codeSpan(type && said ? `${type}: ${said}` : type || said);
    const named =
      said === message.trim()
        ? quoted
        : `${quoted || 'An error'} (${said ? 'part of ' : ''}its message withheld: it looks like a secret)`;
    const error = innermost.exception ? named || 'The error' : 'The stack trace';
    const raised = innermost.exception ? 'raised' : 'captured';
    const callers = frames.slice(1, 1 + SHOWN_CALLERS).map(describeFrame);
    const where = innermost.function ? `in ${codeSpan(innermost.function)} ` : '';
    const through = callers.length > 0 ? `, called through ${callers.join(' ← ')}` : '';
    const ranked =
      first && first.path !== innermost.path
        ? `The localizer ranks ${pathInProse(first.path)} above the crash site${shownReasons(first) ? `: ${shownReasons(first)}` : ''}.`
        : '';
    const at = `${pathInProse(innermost.path)}:${innermost.line ?? '?'}`;
    // The trace goes on into code that could not be read: where it was raised is said as such.
    const unread = hidden && {
      site: `${hidden.frame.function ? `${codeSpan(hidden.frame.function)} ` : ''}(${pathInProse(hidden.path)}:${hidden.frame.line ?? '?'})`,
      where: `${pathInProse(hidden.path)}:${hidden.frame.line ?? '?'}`,
    };
    const { moved, stale } = mismatch;
    return {
      summary: unread
        ? `${error} is ${raised} at ${unread.where}, which could not be read (see the warnings); the innermost frame in readable code is ${where}at ${at}.`
        : `${error} is ${raised} ${where}at ${at}${stale ? ', by a trace that does not match this checkout' : ''}.`,
      explanation: [
        unread
          ? `The report's stack trace shows ${named || 'the error'} ${raised} at ${unread.site}, code that could not be read, then ${describeFrame(innermost)}${through}.`
          : innermost.exception
            ? `The report's stack trace shows ${named || 'the error'} raised at ${describeFrame(innermost)}${through}.`
            : `The report's stack trace was captured at ${describeFrame(innermost)}${through}.`,
        ranked,
        moved ? `Its lines do not all match this checkout: ${moved}.` : '',
        stale ? `Its lines do not match this checkout: ${stale}.` : '',
        MODEL_NOTE,
      ]
        .filter(Boolean)
        .join(' '),
      // The crash site is not known when the trace is another version's.
      confidence: stale ? LEXICAL_CONFIDENCE : TRACE_CONFIDENCE,
    };
  }
  if (first) {
    const matches = cited.map((suspect) => {
      const reasons = shownReasons(suspect);
      return `${pathInProse(suspect.path)}${reasons ? ` (${reasons})` : ''}`;
    });
    return {
      summary: `${traced ? 'No stack frame of the report is in this repository' : 'No stack trace'}; the report's words and names point at ${pathInProse(first.path)}${first.symbol ? ` (${codeSpan(first.symbol)})` : ''}.`,
      explanation: `Best matches: ${matches.join(', ')}. ${MODEL_NOTE}`,
      confidence: LEXICAL_CONFIDENCE,
    };
  }
  const foreign = chance?.evidence.find((reason) => reason.startsWith(FOREIGN_REPORT_REASON));
  if (chance && foreign) {
    return {
      summary: 'Nothing in the repository could be tied to the report.',
      explanation: `${foreign.charAt(0).toUpperCase()}${foreign.slice(1)}; its best match, ${pathInProse(chance.path)} (${chance.evidence[0] ?? 'a word'}), is not cited as a cause. ${MODEL_NOTE}`,
      confidence: 0,
    };
  }
  const words = chance
    ? `shares no more than one word with any of its code (the best: ${pathInProse(chance.path)}, ${chance.evidence[0] ?? 'a word'})`
    : 'its words match no code';
  return {
    summary: 'Nothing in the repository could be tied to the report.',
    explanation: `The report names no file, frame or symbol of this repository, and ${words}. ${MODEL_NOTE}`,
    confidence: 0,
  };
}

/**
 * Diagnoses a report without a model.
 * @param report the parsed report.
 * @param index the repository index.
 * @param options see {@link DiagnoseOfflineOptions}.
 * @returns a diagnosis with `method: "offline"`, `proposedChange: null` and quotes taken from the
 *   repository through the secret gate (a withheld line is never quoted), ready for
 *   `verifyDiagnosis`. `stats.durationMs` is the time spent here.
 */
export async function diagnoseOffline(
  report: Report,
  index: RepositoryIndex,
  options: DiagnoseOfflineOptions = {},
): Promise<Diagnosis> {
  const started = performance.now();
  const { maxAffectedFiles = 3, packageName = readPackageName(index.root) } = options;
  const signals = options.signals ?? collectReportSignals(report, index, { packageName });
  const suspects = options.suspects ?? localize(report, index, { signals });
  const { frames } = signals;
  const top = suspects[0]?.score ?? 0;
  // A suspect only chance ties to the report is no finding: with none other, nothing is tied.
  const cited = suspects
    .filter((suspect) => suspect.score >= top * CITED_SHARE && !suspect.untied)
    .slice(0, maxAffectedFiles);
  const readLines = createLineReader(index);
  // A trace from another version of the code: said once, as the suspects' ranges were moved, or
  // as its innermost frame names a function its file lacks (stale-frame.ts).
  const moved = cited
    .flatMap((suspect) => suspect.evidence)
    .find((reason) => reason.startsWith(MOVED_FRAME_PREFIX));
  const [innermost] = frames;
  const innermostFile = innermost && index.files.get(innermost.path);
  const stale =
    innermost && innermostFile
      ? staleFrameNote(
          innermostFile,
          await readLines(innermost.path),
          innermost,
          pathInProse(innermost.path),
        )
      : undefined;
  const affectedFiles = (
    await Promise.all(
      cited.map((suspect, position) => {
        const frame = frames.find((candidate) => candidate.path === suspect.path);
        return affectedFile(readLines, suspect, frame, position === 0);
      }),
    )
  ).filter((file) => file !== undefined);
  const diagnosis = assembleDiagnosis(
    {
      rootCause: describeRootCause(
        namedFrames(frames, cited),
        cited,
        allFrames(report.exceptions).length + (report.stack?.length ?? 0) > 0,
        suspects.find((suspect) => suspect.untied),
        signals.unreadableFrame,
        { ...(moved ? { moved } : {}), ...(stale ? { stale } : {}) },
      ),
      affectedFiles: affectedFiles.map((file) => ({ ...file, symbol: file.symbol ?? null })),
      proposedChange: null,
      ...assessOffline(index, cited),
    },
    {
      report,
      label: options.label ?? (report.exceptions.length > 0 ? 'crash' : 'bug'),
      ...(options.labelCertainty ? { labelCertainty: options.labelCertainty } : {}),
      method: 'offline',
      suspects,
      stats: { toolCalls: 0, byPhase: {}, inputTokens: 0, outputTokens: 0, durationMs: 0 },
    },
  );
  diagnosis.stats.durationMs = Math.round(performance.now() - started);
  return diagnosis;
}
