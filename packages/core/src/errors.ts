/**
 * One error class for all of Sightline, with a closed set of stable codes.
 *
 * Configuration and usage mistakes throw a `SightlineError` at the point they are detected;
 * tools given to a model never throw, they return `{ error: { code, message } }` values instead
 * (see {@link toToolError}). Pattern from the AI SDK's `AISDKError` (vercel/ai
 * `packages/provider/src/errors/ai-sdk-error.ts`): a symbol marker makes `isInstance` work across
 * duplicate installs of the package.
 */

/** Every code a `SightlineError` can carry. Codes are stable: callers and tests may match on them. */
export type SightlineErrorCode =
  | 'INVALID_ARGUMENT'
  | 'PATH_OUTSIDE_ROOT'
  | 'PATH_NOT_FOUND'
  | 'NOT_A_FILE'
  | 'NOT_A_DIRECTORY'
  | 'BINARY_FILE'
  | 'SECRET_FILE'
  /** A file the operating system did not let Sightline read (permissions), or gone while read. */
  | 'FILE_UNREADABLE'
  | 'INVALID_REGEX'
  | 'FILE_TOO_LARGE'
  | 'REPORT_EMPTY'
  | 'REPORT_UNPARSEABLE'
  | 'REPORT_TOO_LARGE'
  | 'UNKNOWN_MODEL'
  | 'MISSING_API_KEY'
  | 'MODEL_CALL_FAILED'
  | 'MODEL_OUTPUT_INVALID'
  /** The run's estimated cost reached the caller's cap (`maxCostUsd`); what it found so far is kept. */
  | 'COST_LIMIT_REACHED'
  /** The caller cancelled the work (its `AbortSignal` fired). */
  | 'ABORTED'
  | 'CACHE_VERSION_MISMATCH'
  | 'TOOL_FAILED'
  /** A tool's work did not settle within its time limit (it may still finish in the background). */
  | 'TOOL_TIMEOUT'
  | 'STORE_PATH_INVALID'
  | 'STORE_ENTRY_NOT_FOUND'
  | 'STORE_VERSION_MISMATCH'
  | 'STORE_UNAVAILABLE'
  /** A configured source cannot be built: unknown kind, or stored settings or credentials that do not validate. */
  | 'SOURCE_MISCONFIGURED'
  /** A digest reached none of its channels, or not all (the webhook or the SMTP server refused it or could not be reached). */
  | 'DIGEST_UNDELIVERED'
  | 'NODE_NOT_FOUND'
  | 'ACTION_NOT_FOUND'
  /** A page action that waits for the user's confirmation was called where nobody can confirm it. */
  | 'CONFIRMATION_REQUIRED'
  /** The user answered no to a page action's confirmation. */
  | 'ACTION_DECLINED';

const marker = Symbol.for('sightline.error');

/** Options of {@link SightlineError}. */
export interface SightlineErrorOptions {
  /** Stable machine-readable code. */
  code: SightlineErrorCode;
  /** What went wrong and what to do about it, written for a person (or a model). */
  message: string;
  /** Structured details (paths, limits, offending values) for programs and logs. */
  details?: Readonly<Record<string, unknown>>;
  /** The underlying error, if any. */
  cause?: unknown;
}

/** The error type thrown by every Sightline package. */
export class SightlineError extends Error {
  /** Brand checked by {@link SightlineError.isInstance} (survives duplicate installs). */
  readonly [marker] = true;
  readonly code: SightlineErrorCode;
  readonly details: Readonly<Record<string, unknown>>;

  constructor({ code, message, details = {}, cause }: SightlineErrorOptions) {
    super(message, { cause });
    this.name = 'SightlineError';
    this.code = code;
    this.details = details;
  }

  /** True for any `SightlineError`, even one created by another copy of this package. */
  static isInstance(error: unknown): error is SightlineError {
    return typeof error === 'object' && error !== null && marker in error;
  }
}

/** The value a model-facing tool returns instead of throwing. */
export interface ToolError {
  error: { code: SightlineErrorCode; message: string };
}

/**
 * Converts anything thrown inside a tool into a model-readable {@link ToolError}.
 * Unknown errors become `TOOL_FAILED` with their message; no stack trace reaches the model.
 * @param error - anything caught.
 * @returns `{ error: { code, message } }`; never throws.
 */
export function toToolError(error: unknown): ToolError {
  try {
    if (SightlineError.isInstance(error)) {
      return { error: { code: error.code, message: String(error.message) } };
    }
    const message = error instanceof Error ? String(error.message) : String(error);
    return { error: { code: 'TOOL_FAILED', message } };
  } catch {
    // A hostile value (a proxy whose traps throw, a throwing getter or toString) must not turn the
    // tool's error path into a crash.
    return {
      error: { code: 'TOOL_FAILED', message: 'The tool failed with an error that cannot be read.' },
    };
  }
}

/**
 * True when `value` is a {@link ToolError}.
 * @param value - a tool's result.
 * @returns whether it has an `error` object with a string `code`.
 */
export function isToolError(value: unknown): value is ToolError {
  return (
    typeof value === 'object' &&
    value !== null &&
    'error' in value &&
    typeof (value as ToolError).error?.code === 'string'
  );
}
