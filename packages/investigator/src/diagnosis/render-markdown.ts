/**
 * Renders a diagnosis as a Markdown report for maintainers: what broke and why, where, the quoted
 * evidence, the proposed change, how hard and how risky it is, the offline ranking, what the git
 * history says (suspect commits, regression window) and the cost; first, what limited the
 * investigation (warnings), when anything did.
 */
import { printableText } from '@sightline/codebase';
import { isUncertainLabel } from '@sightline/intake';
import { codeSpan, fence, proseBlock, proseText, tableCell } from './markdown-text.js';
import { renderHistoryMarkdown } from './render-history.js';
import type { AffectedFile, Diagnosis, DiagnosisStats, Suspect } from './schema.js';
import { confidenceWords, VERIFIED_MEANS } from './trust-words.js';

/** Suspects listed in the ranking table. */
const MAX_SUSPECTS = 10;

/**
 * Renders `diagnosis` as Markdown.
 * @param diagnosis a (verified) diagnosis.
 * @returns the Markdown text, ending with a newline.
 */
export function renderDiagnosisMarkdown(diagnosis: Diagnosis): string {
  const { report, rootCause, proposedChange } = diagnosis;
  const sections = [
    // A title naming `code` shows it as code; the rest of it as written.
    `# ${proseText(report.title)}`,
    [
      `- **Report:** ${codeSpan(report.id)} (${report.kind})`,
      `- **Label:** ${report.label}${labelCertainty(report)}`,
      `- **Method:** ${diagnosis.method === 'agent' ? 'agent (model investigation)' : 'offline (no model)'}`,
      `- **Verification:** ${renderVerification(diagnosis)}`,
    ].join('\n'),
    ...(diagnosis.warnings?.length
      ? [
          `## Warnings\n\n${diagnosis.warnings.map((warning) => `- ${proseText(warning)}`).join('\n')}`,
        ]
      : []),
    // The root cause, the change and the risk may quote the report (an exception message, a
    // model's copy of it): their code spans kept, nothing else of them renders.
    `## Root cause\n\n**${proseText(rootCause.summary)}** — confidence: ${confidenceWords(rootCause.confidence)}\n\n${proseBlock(rootCause.explanation)}`,
    `## Affected files\n\n${
      diagnosis.affectedFiles.length === 0
        ? 'None identified.'
        : diagnosis.affectedFiles.map(renderFile).join('\n\n')
    }`,
    `## Proposed change\n\n${
      proposedChange === null
        ? diagnosis.method === 'offline'
          ? 'None (offline: a model would propose one).'
          : 'None proposed.'
        : `${proseBlock(proposedChange.description)}${proposedChange.patch ? `\n\n${fence(proposedChange.patch, 'diff')}` : ''}`
    }`,
    `## Complexity and risk\n\n- **Complexity:** ${diagnosis.complexity}\n- **Risk:** ${diagnosis.risk}: ${proseText(diagnosis.riskRationale)}`,
    `## Suspects\n\n${renderSuspects(diagnosis)}`,
    ...(diagnosis.history ? [`## History\n\n${renderHistoryMarkdown(diagnosis.history)}`] : []),
    `## Stats\n\n${renderStats(diagnosis.stats)}`,
  ];
  return `${printableText(sections.join('\n\n'))}\n`;
}

/**
 * What follows an uncertain label (intake's `isUncertainLabel`): ` (uncertain: confidence 0.42,
 * 0.09 from another label)`; nothing for a sure one or a diagnosis that did not record it.
 */
function labelCertainty({ labelConfidence, labelMargin }: Diagnosis['report']): string {
  if (labelConfidence === undefined) return '';
  const certainty = {
    confidence: labelConfidence,
    ...(labelMargin === undefined ? {} : { margin: labelMargin }),
  };
  if (!isUncertainLabel(certainty)) return '';
  const margin = labelMargin === undefined ? '' : `, ${labelMargin.toFixed(2)} from another label`;
  return ` (uncertain: confidence ${labelConfidence.toFixed(2)}${margin})`;
}

function renderVerification(diagnosis: Diagnosis): string {
  const { verification } = diagnosis;
  if (!verification) return 'not verified against the repository';
  if (verification.verified) {
    return `verified: a cause's quote is inside its lines and its symbol there (${VERIFIED_MEANS}; confidence: ${confidenceWords(diagnosis.rootCause.confidence)})`;
  }
  if (verification.notFound) return `NOT FOUND: ${proseText(verification.reasons.join(' '))}`;
  return `UNVERIFIED: ${proseText(verification.reasons.join(' '))}`;
}

function renderFile(file: AffectedFile): string {
  const symbol = file.symbol === undefined ? '' : ` ${codeSpan(file.symbol)}`;
  const heading = `### ${codeSpan(`${file.path}:${range(file.lines)}`)}${symbol} (${file.role})`;
  const evidence = file.evidence.map(
    ({ path, line, quote }) =>
      `${codeSpan(`${path}:${line}`)}\n\n${fence(quote, languageOf(path))}`,
  );
  return [heading, ...evidence].join('\n\n');
}

/** A suspect's reasons in one cell: never empty, and saying when nothing beyond chance ties it. */
function suspectWhy(suspect: Suspect): string {
  const reasons = [...suspect.evidence];
  if (reasons.length === 0) {
    reasons.push('no signal strong enough to show (its place in the code graph)');
  }
  if (suspect.untied)
    reasons.push('nothing beyond chance ties it to the report: not cited as a cause');
  return reasons.join('; ');
}

function renderSuspects({ suspects }: Diagnosis): string {
  if (suspects.length === 0) return 'None ranked.';
  // The reasons name the report's frames (function names, exception types) as written, and the
  // localizer's names as code ("BM25 match in `decode`").
  const rows = suspects
    .slice(0, MAX_SUSPECTS)
    .map(
      (suspect, index) =>
        `| ${index + 1} | ${tableCell(codeSpan(`${suspect.path}:${range(suspect.lines)}`))} | ${
          suspect.symbol === undefined ? '' : tableCell(codeSpan(suspect.symbol))
        } | ${suspect.score.toFixed(3)} | ${tableCell(proseText(suspectWhy(suspect)))} |`,
    );
  const more =
    suspects.length > MAX_SUSPECTS ? `\n\n${suspects.length - MAX_SUSPECTS} more not shown.` : '';
  return `| # | location | symbol | score | why |\n| --- | --- | --- | --- | --- |\n${rows.join('\n')}${more}`;
}

function renderStats(stats: DiagnosisStats): string {
  const phases = Object.entries(stats.byPhase)
    .map(([phase, { steps, toolCalls }]) => `${phase} ${steps} steps/${toolCalls} calls`)
    .join(', ');
  return [
    stats.model === undefined ? undefined : `model ${stats.model}`,
    `${stats.toolCalls} tool calls`,
    phases === '' ? undefined : `(${phases})`,
    `${stats.inputTokens} input + ${stats.outputTokens} output tokens${
      stats.cachedInputTokens ? ` (${stats.cachedInputTokens} input from the prompt cache)` : ''
    }`,
    stats.costUsd === undefined ? undefined : `about $${stats.costUsd.toFixed(4)} (list prices)`,
    `${(stats.durationMs / 1000).toFixed(1)} s`,
  ]
    .filter((part) => part !== undefined)
    .join(' · ');
}

function range([start, end]: [number, number]): string {
  return `${start}-${end}`;
}

/** Fence language from a file extension (`ts`, `py`, …), empty when there is none. */
function languageOf(filePath: string): string {
  const match = /\.([a-z0-9]+)$/i.exec(filePath);
  return match?.[1]?.toLowerCase() ?? '';
}
