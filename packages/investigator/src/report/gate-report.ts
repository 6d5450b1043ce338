/**
 * A report through the secret gate before anything reads it. Everything an investigation, a
 * triage or the service derives from a report (the diagnosis' title and root cause, the
 * localizer's query terms and PageRank focus, a model's prompt, a group's title, the digest, a
 * GitHub comment, MCP answers) is computed from what this returns, so a secret the user pasted
 * into a report is never shown or sent on; the raw report stays as the user gave it.
 *
 * Per line, as the gate withholds a repository file's lines, not per match: the rules read one
 * credential of a line and not always its neighbours (an AWS key ID is found, the secret key
 * after it without a `secret=` name is not; a password after a user name), and the line that
 * holds one holds the others. A withheld report line costs its own words only: the message of
 * an exception that quotes a credential becomes the note, its type and frames stay.
 *
 * Identifiers and paths are intake's, read from the text the report keeps (not past the body's
 * cut, which is never scanned) and its frames; each is gated as a line of its own too, and once a
 * line of the report is withheld, those the gated text no longer shows are dropped, so a private
 * key's body or a token never becomes a query term or a focus of the map.
 */
import { gateTexts } from '@sightline/codebase';
import type { Exception, Frame, Report } from '@sightline/intake';

/** Every text of a report that is shown or searched, each once. */
function reportTexts(report: Report): Set<string> {
  const texts = new Set<string>();
  const add = (text: string | undefined) => {
    if (text) texts.add(text);
  };
  const addFrames = (frames: readonly Frame[]) => {
    for (const frame of frames) {
      add(frame.raw);
      add(frame.file);
      add(frame.function);
      add(frame.module);
    }
  };
  add(report.title);
  add(report.body);
  for (const note of report.notes ?? []) add(note);
  for (const exception of report.exceptions) {
    for (let current: Exception | undefined = exception; current; current = current.cause) {
      add(current.type);
      add(current.message);
      addFrames(current.frames);
    }
  }
  addFrames(report.stack ?? []);
  return texts;
}

/**
 * Passes a report through the secret gate: every line of its title, body, notes, exception
 * types and messages, and stack frames (raw line, file, function, module) that holds a secret is
 * replaced by the gate's note (`[withheld: looks like a secret (…)]`, naming the rule, never the
 * secret); identifiers and paths the gated text does not show are dropped. A report that is
 * mostly `KEY=value` lines with a secret has all of those texts withheld. One scan of the
 * report's texts (each distinct text once): bounded by intake's limits (a body of 200,000
 * characters, frames and messages of a report of 10 MiB).
 * @param report a parsed report (not modified).
 * @returns the report itself when nothing is withheld, else a gated copy. Never throws.
 */
export async function gateReport(report: Report): Promise<Report> {
  const originals = [...reportTexts(report)];
  // Names and paths are gated as lines of their own too: a format may read them from text none of
  // the report's texts holds (a Sentry event's culprit), and an analysis stored before intake
  // stopped reading past the body's cut may hold a token from there (review 17).
  const own = new Set(originals);
  const names = [...new Set([...report.identifiers, ...report.paths])].filter(
    (name) => !own.has(name),
  );
  const gated = await gateTexts([...originals, ...names]);
  if (!gated.withheld) return report;
  const shown = new Map(
    [...originals, ...names].map((text, index) => [text, gated.texts[index] ?? '']),
  );
  const textsWithheld = originals.some((text) => shown.get(text) !== text);
  const visible = originals.map((original) => shown.get(original) ?? '').join('\n');
  // Kept: a name the gate let through as a line, and, once a text's line was withheld, only those
  // the gated texts still show (a private key's body is no name).
  const keep = (name: string) =>
    shown.get(name) === name && (!textsWithheld || visible.includes(name));
  const text = (value: string) => shown.get(value) ?? value;
  const optional = (key: 'file' | 'function' | 'module', value: string | undefined) =>
    value === undefined ? {} : { [key]: text(value) };
  const frames = (list: readonly Frame[]): Frame[] =>
    list.map((frame) => ({
      ...frame,
      raw: text(frame.raw),
      ...optional('file', frame.file),
      ...optional('function', frame.function),
      ...optional('module', frame.module),
    }));
  const exception = (current: Exception): Exception => ({
    ...current,
    type: text(current.type),
    message: text(current.message),
    frames: frames(current.frames),
    ...(current.cause ? { cause: exception(current.cause) } : {}),
  });
  return {
    ...report,
    ...(report.title === undefined ? {} : { title: gatedTitle(report.title, report, text) }),
    body: text(report.body),
    exceptions: report.exceptions.map(exception),
    ...(report.stack ? { stack: frames(report.stack) } : {}),
    identifiers: report.identifiers.filter(keep),
    paths: report.paths.filter(keep),
    ...(report.notes ? { notes: report.notes.map(text) } : {}),
  };
}

/**
 * The title through the gate. A title that is the first exception's line (a crash log's first
 * line) and was withheld keeps the exception's type when the type passes on its own: a key quoted
 * at the end of `AttributeError: … (api_key=…)` made the group's title the note alone (fresh-user
 * trial 20), as the exception's own message is.
 */
function gatedTitle(title: string, report: Report, text: (value: string) => string): string {
  const shown = text(title);
  const type = report.exceptions[0]?.type;
  if (shown === title || !type || text(type) !== type) return shown;
  return title.trimStart().startsWith(type) ? `${type}: ${shown}` : shown;
}
