/**
 * Stored analyses under today's secret rules. A report's analysis (the parsed report every output
 * is made of: its group's title, a model's prompt, the digest, a GitHub comment, MCP answers) is
 * passed through the secret gate when it is made (process-report.ts) and stored with the rules'
 * version (`SECRET_RULES_VERSION`). The rules grow; an analysis stored under older rules, or
 * before the service gated reports at all, would keep showing what today's rules withhold. At
 * start the service passes each of those through the gate again — the stored parsed report, not
 * the payload, so nothing is parsed, classified or grouped anew — as the repository map's cache
 * is rebuilt when the rules change (codebase `repomap/cache.ts`). The payload stays as delivered.
 */
import { gateReport, type Report, reportTitle } from '../adapters/investigator.js';
import type { PipelineContext } from './pipeline-context.js';

/** Reports read per query. */
const PAGE = 200;

/** What {@link regateStoredAnalyses} did. */
export interface RegateOutcome {
  /** Analyses read (each gated under other rules). */
  checked: number;
  /** Of those, analyses that now withhold more than they did (a line newly withheld). */
  changed: number;
}

/**
 * Passes every stored analysis gated under other secret rules through today's gate, and marks it
 * gated under them (an unchanged one too, so the next start reads none of them). A group titled
 * after a changed report gets its gated title. Logs one line when anything changed. Bounded by
 * the stored reports: one gate scan per report, {@link PAGE} per query.
 * @returns how many analyses were read and how many changed.
 */
export async function regateStoredAnalyses(context: PipelineContext): Promise<RegateOutcome> {
  const { store } = context;
  const seen = new Set<string>();
  const outcome: RegateOutcome = { checked: 0, changed: 0 };
  for (;;) {
    const page = (await store.reports.gatedUnderOtherRules(PAGE)).filter(
      (row) => !seen.has(row.id),
    );
    if (page.length === 0) break;
    for (const { id, parsed } of page) {
      seen.add(id);
      const stored = JSON.parse(parsed) as Report;
      const gated = await gateReport(stored);
      const title = { from: reportTitle(stored), to: reportTitle(gated) };
      if (await store.reports.regate(id, parsed, gated, title)) {
        outcome.checked += 1;
        if (gated !== stored) outcome.changed += 1;
      }
    }
  }
  if (outcome.changed > 0) {
    context.log(
      `secret gate: ${outcome.changed} of ${outcome.checked} stored analyses gated under older rules now withhold more (the payloads stay as delivered)`,
    );
  }
  return outcome;
}
