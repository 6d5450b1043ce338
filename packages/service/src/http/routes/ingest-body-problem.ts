/**
 * The refusal of a `POST /api/reports` JSON body that `ingestBodySchema` does not take. A body with
 * `"reports"` is the API's shape with a bad field, and its fields' issues are named; any other JSON
 * (a Sentry event posted as it is, a list, `{}`) is told the shapes the API takes, and the report
 * format intake detects in it, rather than the schema's issues about fields it never meant to send.
 */
import { detectFormat } from '@sightline/intake';

/** The shapes `POST /api/reports` takes, as a sentence. */
const ACCEPTED_SHAPES =
  'Send {"reports":[{"text":"…"}]} as application/json (each report a "text" or a "json"; the project, if named, beside "reports": {"project":"…","reports":[…]}), or one report as it is (its text or its JSON) as text/plain';

/**
 * Why a JSON body is not taken.
 * @param body - the parsed body.
 * @param text - its text, for format detection.
 * @param issues - the schema's issues with it (`ingestBodySchema`).
 * @returns a message that ends with a full stop: the issues by field (`reports.0.url: …`) for an
 *   object with `"reports"`; else what the body is and the accepted shapes.
 */
export function ingestBodyProblem(
  body: unknown,
  text: string,
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): string {
  const object = typeof body === 'object' && body !== null && !Array.isArray(body);
  if (object && 'reports' in body) return `${issues.map(describeIssue).join('; ')}.`;
  const what = detectFormat({ text, lines: [], value: body }).requires?.what.split(' (')[0];
  const shape = object
    ? 'a JSON object without "reports"'
    : Array.isArray(body)
      ? 'a JSON array'
      : `JSON ${body === null ? 'null' : `of a ${typeof body}`}`;
  return `The body is ${shape}${what ? `; it looks like ${what}` : ''}, not the API's shape. ${ACCEPTED_SHAPES}.`;
}

function describeIssue(issue: { path: readonly PropertyKey[]; message: string }): string {
  // The issues are joined and end with one period: a message that ends with its own (intake's
  // refusal of a format) ended with two (fresh-user trial 20).
  return `${issue.path.length > 0 ? issue.path.join('.') : 'body'}: ${issue.message.replace(/\.$/, '')}`;
}
