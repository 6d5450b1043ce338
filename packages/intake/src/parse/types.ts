/**
 * The structured form of a raw bug report (app-store review, crash log, issue text), produced by
 * `parseReport` and consumed by classification, localization and the agent.
 */

/** What kind of report this is. `text` is the fallback for anything unrecognised. */
export type ReportKind = 'review' | 'crash' | 'issue' | 'text';

/** One stack frame. Lines and columns are 1-based. */
export interface Frame {
  /** File path or URL as written in the trace (normalised: no `file://` prefix). */
  file?: string;
  /** 1-based line number. */
  line?: number;
  /** 1-based column number. */
  column?: number;
  /** Function, method or symbol name. */
  function?: string;
  /** Module, package, class or binary image the frame belongs to (Java class, Go package, iOS image). */
  module?: string;
  /** True when the frame belongs to the application rather than the runtime, OS or a library. */
  inApp: boolean;
  /** The frame's original text (one line, or a JSON rendering for structured input). */
  raw: string;
  /** Repository-relative path of the frame's file, set by `markInAppFrames` when it exists there. */
  repoPath?: string;
}

/** One exception (or panic, crash, signal) with its frames, innermost first. */
export interface Exception {
  /** Error type, e.g. `TypeError`, `java.lang.NullPointerException`, `EXC_CRASH (SIGABRT)`. */
  type: string;
  /** Error message ('' when the trace carries none). */
  message: string;
  /** Stack frames, innermost (where it was raised) first. */
  frames: Frame[];
  /** The exception that caused this one (Java `Caused by:`, Python chained exceptions). */
  cause?: Exception;
}

/** A parsed bug report. */
export interface Report {
  /** Stable id: a hash of the title and body (line endings read as `\n`), or the source's own id when it has one. */
  id: string;
  kind: ReportKind;
  source: { format: string; filename?: string };
  title?: string;
  /** The report's text (for crash logs, the log itself, trimmed to a sane size). */
  body: string;
  /** Star rating 1–5 (reviews). */
  rating?: number;
  platform?: string;
  appVersion?: string;
  /** Deployment environment (`production`, `staging`), as the payload gives it (Sentry's `environment`). */
  environment?: string;
  /** Exceptions found, outermost report order; each lists frames innermost first. */
  exceptions: Exception[];
  /**
   * A stack trace captured without any exception (a Sentry message event's), frames innermost
   * first. Absent when the report has none; exception frames stay in `exceptions`.
   */
  stack?: Frame[];
  /** Code-like tokens of the text: camelCase, snake_case, dotted paths, error names. */
  identifiers: string[];
  /** File paths mentioned in the text or frames. */
  paths: string[];
  /** When the report was written, as given by the source (reviews: the export's date column). */
  date?: string;
  /** Language or country of the report, as given by the source (reviews). */
  locale?: string;
  /** What intake changed or could not read (body truncated, bytes replaced, parser fallback). */
  notes?: string[];
}
