/**
 * The Markdown report the agent writes in its output step. It asks for exactly the fields of the
 * model's part of the diagnosis (`modelDiagnosisSchema`), in the schema's own vocabulary (roles
 * cause/symptom/related, levels low/medium/high, a confidence from 0 to 1), so that
 * `parseReportMarkdown` can read most reports without a model and a structurer never has to invent
 * a field.
 */

/** The Markdown sections of the report, in order. */
export const REPORT_SECTIONS = [
  'Root cause',
  'Confidence',
  'Affected files',
  'Evidence',
  'Proposed change',
  'Complexity',
  'Risk',
] as const;

/** The sections of a "not found" report, in order: what the agent checked when no cause was established. */
export const NOT_FOUND_SECTIONS = ['Not found', 'Checked', 'Missing information'] as const;

/** A section of the report (either form). */
export type ReportSection = (typeof REPORT_SECTIONS)[number] | (typeof NOT_FOUND_SECTIONS)[number];

/** The report format, as the agent is asked for it. */
export const REPORT_TEMPLATE = `Write the final report in Markdown with exactly these sections:

## Root cause
One sentence naming the defect and where it is (where the fix goes, not only where the error surfaced). Then, in a new paragraph, how it produces the reported behaviour, step by step, citing code.

## Confidence
A number from 0 to 1: the probability that this root cause is right.

## Affected files
One bullet per location, the cause first: \`path:start-end\` \`symbol\` (role) — what it does in the bug.
role is one of: cause (the defect; the fix goes here), symptom (where the failure surfaces, e.g. the throwing frame), related (code the fix must keep consistent). Write \`-\` as the symbol when no function, method or class applies.

## Evidence
For each quote: \`path:line\` on its own line, then a fenced code block with code copied exactly from the file, without line numbers. Quote at least one line inside the range of every cause.

## Proposed change
What to change and why it fixes the root cause. Then, if you are confident, a unified diff in a \`\`\`diff block (--- a/path, +++ b/path, @@ hunks with exact context lines).

## Complexity
One of low, medium, high (low: a few lines in one place; high: a design change), then one sentence why.

## Risk
One of low, medium, high, then one sentence on what could break.

If the code you read does not establish a cause, do not guess: write only these three sections instead (an honest "not found" is a valid outcome).

## Not found
One paragraph: what the report describes, and why the code you read does not establish its cause.

## Checked
One bullet per place you checked: \`path:start-end\` — what it does and why it is not the cause.

## Missing information
What would settle it (a stack trace, the version, the input that fails).`;
