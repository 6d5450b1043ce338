/** One inbox row of `serve --demo` as the terminal shows it. */
import type { GroupDetail, InboxRow } from '@sightline/service';
import { investigationWords } from '@sightline/service/vocabulary';

/**
 * What the demo prints under a group's title: its investigation in the console inbox's words,
 * with how sure the diagnosis is (`cause verified · a guess (15%)`: verified checks the evidence,
 * not the cause), and where its first affected file's lines are (1-based); a group not
 * investigated says why.
 * @param row the group's inbox row (`GET /api/groups`).
 * @param detail the group's detail (`GET /api/groups/:id`), for its latest diagnosis' file.
 * @returns e.g. `cause verified · a guess (15%) → dist/bin.js:50-77`.
 */
export function demoInvestigationLine(
  row: Pick<InboxRow, 'investigation' | 'diagnosisOutcome' | 'diagnosisConfidence'>,
  detail: Pick<GroupDetail, 'diagnoses'>,
): string {
  const words = investigationWords(row);
  const file = detail.diagnoses[0]?.diagnosis.affectedFiles[0];
  if (file) return `${words} → ${file.path}:${file.lines[0]}-${file.lines[1]}`;
  const reason = row.investigation.reason;
  return reason && detail.diagnoses.length === 0 ? `${words}: ${reason}` : words;
}
