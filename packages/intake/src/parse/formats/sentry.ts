/**
 * Sentry event JSON: `exception.values` (or the legacy `sentry.interfaces.Exception` key, or the
 * API's `entries[]`), a top-level `stacktrace` for message events, `threads` for native events,
 * and `message`/`logentry`. Sentry lists exceptions oldest (cause) first and frames oldest
 * (outermost) first (develop.sentry.dev/sdk/data-model/event-payloads/stacktrace); some SDKs and
 * samples list frames innermost first, so the order is detected from which end holds the entry
 * point or the error reporter's wrapper.
 */

import { isInAppFile } from '../frame-origin.js';
import { normalizeFramePath } from '../frame-path.js';
import { MAX_CAUSE_DEPTH, MAX_FRAMES } from '../limits.js';
import { cutTitle } from '../lines.js';
import type { Exception, Frame } from '../types.js';
import { describeChain, describeException } from './error-header.js';
import { isJsonObject, type JsonObject } from './json-object.js';
import type { FormatInput, ParsedReport, ReportFormat } from './types.js';

const text = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;

const EVENT_KEYS = [
  'exception',
  'sentry.interfaces.Exception',
  'stacktrace',
  'sentry.interfaces.Stacktrace',
  'threads',
  'logentry',
  'sentry.interfaces.Message',
  'event_id',
  'entries',
];

/** Outermost-frame markers: entry points and error reporters' wrappers (raven-js `wrap`…). */
const ENTRY_FUNCTION =
  /^(?:main|<module>|__main__|_start|start|run_module|runMain|Thread\.run|run)$/;
const REPORTER_PATH = /(?:^|\/)(?:raven|tracekit|sentry)[^/]*\.js$/i;

/** The keys of an exception entry of Sentry's shape (`exception.values[]`). */
const EXCEPTION_ENTRY_KEYS = ['type', 'value', 'stacktrace', 'mechanism'];

/**
 * Whether the value of an event key can be Sentry's: not a string (structlog's `"exception":
 * "Traceback …"` is a trace in a string), and an exception's entries, when it has any, of
 * Sentry's shape ({@link EXCEPTION_ENTRY_KEYS}): structlog's `dict_tracebacks` entries
 * (`exc_type`, `exc_value`, `frames`) are not.
 */
function isEventValue(key: string, value: unknown): boolean {
  if (key === 'event_id') return true;
  if (typeof value === 'string') return false;
  if (key !== 'exception' && key !== 'sentry.interfaces.Exception') return true;
  const entries = values(value);
  return (
    entries.length === 0 ||
    entries.some((item) => EXCEPTION_ENTRY_KEYS.some((name) => name in item))
  );
}

/**
 * The event a JSON value is or wraps (under `event`, or `data` of a webhook), or `null`: an object
 * with one of {@link EVENT_KEYS} holding a value Sentry's can be ({@link isEventValue}).
 */
function event(value: unknown): JsonObject | null {
  if (!isJsonObject(value)) return null;
  const inner = isJsonObject(value.event)
    ? value.event
    : isJsonObject(value.data) && !('title' in value)
      ? value.data
      : value;
  return EVENT_KEYS.some((key) => key in inner && isEventValue(key, inner[key])) ? inner : null;
}

function values(container: unknown): JsonObject[] {
  if (Array.isArray(container)) return container.filter(isJsonObject);
  if (isJsonObject(container) && Array.isArray(container.values))
    return container.values.filter(isJsonObject);
  return [];
}

function entry(body: JsonObject, type: string): unknown {
  if (!Array.isArray(body.entries)) return undefined;
  const found = body.entries.find((item) => isJsonObject(item) && item.type === type);
  return isJsonObject(found) ? found.data : undefined;
}

function toFrame(raw: JsonObject): Frame {
  const file = normalizeFramePath(text(raw.filename) ?? text(raw.abs_path));
  const line = Number(raw.lineno);
  const column = Number(raw.colno);
  const fn = text(raw.function);
  const module = text(raw.module) ?? text(raw.package);
  const inApp =
    typeof raw.in_app === 'boolean' ? raw.in_app : file !== undefined && isInAppFile(file);
  const where = [file, line > 0 ? line : undefined, column > 0 ? column : undefined]
    .filter((part) => part !== undefined)
    .join(':');
  return {
    ...(file ? { file } : {}),
    ...(line > 0 ? { line } : {}),
    ...(column > 0 ? { column } : {}),
    ...(fn && fn !== '?' ? { function: fn } : {}),
    ...(module ? { module } : {}),
    inApp,
    raw: `${fn ?? '?'} (${where || module || '?'})`,
  };
}

function isOutermost(frame: JsonObject): boolean {
  const fn = text(frame.function) ?? '';
  const path = text(frame.abs_path) ?? text(frame.filename) ?? '';
  return ENTRY_FUNCTION.test(fn) || text(frame.module) === '__main__' || REPORTER_PATH.test(path);
}

/** Frames innermost first, whatever order the event used. */
function framesOf(stacktrace: unknown): Frame[] {
  if (!isJsonObject(stacktrace) || !Array.isArray(stacktrace.frames)) return [];
  const raw = stacktrace.frames.filter(isJsonObject);
  const first = raw[0];
  const last = raw.at(-1);
  const innermostFirst =
    raw.length > 1 && first && last && isOutermost(last) && !isOutermost(first);
  const ordered = innermostFirst ? raw : [...raw].reverse();
  return ordered.slice(0, MAX_FRAMES).map(toFrame);
}

function eventMessage(body: JsonObject): string {
  const candidates = [
    body.logentry,
    body['sentry.interfaces.Message'],
    entry(body, 'message'),
    body.message,
  ];
  for (const candidate of candidates) {
    if (isJsonObject(candidate)) {
      const found = text(candidate.formatted) ?? text(candidate.message);
      if (found) return found;
    } else if (text(candidate)) return text(candidate) as string;
  }
  return '';
}

/** The event's exceptions (outermost, causes chained) and the stack logged without one. */
function exceptionsOf(body: JsonObject): { exceptions: Exception[]; stack: Frame[] } {
  const raw = values(
    body.exception ?? body['sentry.interfaces.Exception'] ?? entry(body, 'exception'),
  );
  const threads = values(body.threads ?? entry(body, 'threads'));
  const crashed =
    threads.find((thread) => thread.crashed === true) ??
    threads.find((thread) => thread.current === true);
  const chain = raw.slice(-MAX_CAUSE_DEPTH).map((value): Exception => {
    const stacktrace = value.stacktrace ?? (crashed ? crashed.stacktrace : undefined);
    const mechanism = isJsonObject(value.mechanism) ? text(value.mechanism.type) : undefined;
    return {
      type: text(value.type) ?? mechanism ?? '',
      message: text(value.value) ?? '',
      frames: framesOf(stacktrace),
    };
  });
  for (let index = chain.length - 1; index > 0; index -= 1) {
    (chain[index] as Exception).cause = chain[index - 1];
  }
  const outermost = chain.at(-1);
  if (outermost) return { exceptions: [outermost], stack: [] };
  // A message event: its stack trace belongs to no exception (Sentry's top-level `stacktrace`).
  const stacktrace =
    body.stacktrace ??
    body['sentry.interfaces.Stacktrace'] ??
    entry(body, 'stacktrace') ??
    crashed?.stacktrace;
  return { exceptions: [], stack: framesOf(stacktrace) };
}

/**
 * A one-line title: the exception (`Type: value`), else the logged message, else the culprit or
 * transaction, else where the exception was thrown (its innermost in-app frame, else innermost;
 * an event cut short keeps its frames but not the exception's type and value after them), else
 * where the stack trace was captured, else that it has none of these.
 */
function titleOf(body: JsonObject, exceptions: Exception[], stack: Frame[]): string | undefined {
  const first = exceptions[0];
  const thrownAt = first?.frames.find((frame) => frame.inApp) ?? first?.frames[0];
  const candidates = [
    text(body.title),
    first ? describeException(first) : undefined,
    eventMessage(body),
    text(body.culprit),
    text(body.transaction),
    thrownAt ? `Exception at ${thrownAt.raw}` : undefined,
    stack[0] ? `Sentry event logged at ${stack[0].raw}` : undefined,
    // Not the text's first line (`{`): an event cut before its exception says what it lacks.
    'Sentry event without an exception, a message or a stack trace',
  ];
  // A candidate with no letter or digit is none: an exception cut to its mark (`…`) says nothing.
  const found = candidates
    .map((candidate) => candidate?.trim().split('\n', 1)[0])
    .find((candidate) => candidate && /[\p{L}\p{N}]/u.test(candidate));
  return found === undefined ? undefined : cutTitle(found);
}

/**
 * A tag's value: Sentry events carry `tags` as an object (`{"environment": "prod"}`, SDK payloads),
 * as `[key, value]` pairs (stored events) or as `{"key": …, "value": …}` objects (the REST API's
 * events, https://docs.sentry.io/api/events/retrieve-an-event-for-a-project/).
 */
function tagValue(tags: unknown, key: string): string | undefined {
  if (!Array.isArray(tags)) return isJsonObject(tags) ? text(tags[key]) : undefined;
  for (const entry of tags) {
    if (Array.isArray(entry) && entry[0] === key) return text(entry[1]);
    if (isJsonObject(entry) && entry.key === key) return text(entry.value);
  }
  return undefined;
}

/**
 * A value unless an event cut short cut it (it ends with `…`, decodeInput's mark): a release cut to
 * `shop@2.3` of `shop@2.3.1` would name another version, a cut id another event.
 */
function whole(value: string | undefined): string | undefined {
  return value?.endsWith('…') ? undefined : value;
}

function parseSentry(input: FormatInput): ParsedReport[] {
  const body = event(input.value) ?? {};
  const { exceptions, stack } = exceptionsOf(body);
  const title = titleOf(body, exceptions, stack);
  const contexts = isJsonObject(body.contexts) ? body.contexts : {};
  const os = isJsonObject(contexts.os) ? text(contexts.os.name) : undefined;
  const platform = whole(text(body.platform)) ?? whole(os);
  const release = whole(text(body.release));
  const environment = whole(text(body.environment) ?? tagValue(body.tags, 'environment'));
  const id = whole(text(body.event_id) ?? text(body.eventID) ?? text(body.id));
  const summary = [
    title,
    ...describeChain(exceptions),
    eventMessage(body),
    text(body.culprit) ?? text(body.transaction),
  ];
  return [
    {
      kind: exceptions.length > 0 ? 'crash' : 'text',
      exceptions,
      ...(stack.length > 0 ? { stack } : {}),
      ...(id ? { id } : {}),
      ...(title ? { title } : {}),
      ...(platform ? { platform } : {}),
      ...(release ? { appVersion: release } : {}),
      ...(environment ? { environment } : {}),
      identifierText: [...new Set(summary.filter(Boolean))].join('\n'),
    },
  ];
}

/** The Sentry event format. */
export const sentryFormat: ReportFormat = {
  name: 'sentry',
  requires: {
    what: `a Sentry event or issue (a JSON object with one of ${EVENT_KEYS.map((key) => `"${key}"`).join(', ')})`,
    json: true,
  },
  detect: ({ value }) => (event(value) ? 100 : 0),
  parse: parseSentry,
};
