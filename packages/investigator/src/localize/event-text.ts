/**
 * The text of a report that is read for words (BM25 query, phrases, mentions, names in the user's
 * language). A structured crash event — a body that is one JSON document from which intake read
 * exceptions or a stack, as a Sentry event is — is read as its exceptions' types and messages:
 * its JSON keys are the event schema's words (`exception`, `values`, `stacktrace`, `in_app`,
 * `request`, `headers`), which match any code that handles HTTP requests or events (fresh-user
 * trial 17: a Sentry event whose only words were its keys got a cause on axios), and its frames
 * are read as frames. The title is read beside it, as for every report. A Sentry event is one
 * whether or not its body still parses (a line the secret gate withheld breaks the JSON).
 */
import { exceptionsCauseFirst, type Report } from '@sightline/intake';

/**
 * The report's body as text to match words against.
 * @param report - the parsed report.
 * @returns the body, or for a structured crash event (a JSON object body with parsed exceptions or
 *   a stack) one line per exception, `Type: message`, cause first ('' for a stack alone).
 */
export function reportBodyText(report: Report): string {
  // A Sentry event's body is JSON even when the secret gate replaced a line of it with its note.
  const structured =
    (report.exceptions.length > 0 || (report.stack?.length ?? 0) > 0) &&
    (report.source.format === 'sentry' || isJsonObject(report.body));
  if (!structured) return report.body;
  return exceptionsCauseFirst(report.exceptions)
    .map(({ type, message }) => [type, message].filter(Boolean).join(': '))
    .join('\n');
}

/** True when `text` is one JSON object (and nothing around it but whitespace). */
function isJsonObject(text: string): boolean {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{') || !trimmed.endsWith('}')) return false;
  try {
    const value: unknown = JSON.parse(trimmed);
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}
