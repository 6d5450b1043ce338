/** A minimal diagnosis that cites one line, for tests that probe verification. */
import type { Diagnosis } from '../diagnosis/schema.js';

/**
 * A schema-valid diagnosis whose only affected file cites `file` at `line` with `quote`.
 * @param file repository-relative path.
 * @param line 1-based line.
 * @param quote the quoted code.
 * @param patch a unified diff to propose. Default none.
 * @returns a fresh diagnosis (no suspects, method `agent`).
 */
export function diagnosisCiting(
  file: string,
  line: number,
  quote: string,
  patch?: string,
): Diagnosis {
  return {
    schemaVersion: 1,
    report: { id: 'r', title: 'A report', kind: 'issue', label: 'bug' },
    method: 'agent',
    rootCause: { summary: 'A cause.', explanation: 'Why.', confidence: 0.5 },
    affectedFiles: [
      { path: file, lines: [line, line], role: 'cause', evidence: [{ path: file, line, quote }] },
    ],
    proposedChange: patch ? { description: 'Change it.', patch } : null,
    complexity: 'low',
    risk: 'low',
    riskRationale: 'One line.',
    suspects: [],
    stats: { toolCalls: 0, byPhase: {}, inputTokens: 0, outputTokens: 0, durationMs: 0 },
  };
}
