/**
 * Side-by-side figures of one captured page against CopilotKit: the tokens of the same facts
 * (Sightline's registry Markdown vs CopilotKit's readables) with their fact recall, and the tokens
 * of the action tool definitions as each provider package sends them (both libraries' tools built
 * from the same zod schemas, passed through the same `@ai-sdk/*` providers).
 */
import { countTokens } from '@sightline/core';
import { ACTION_INPUTS } from '@sightline/example-dashboard/action-inputs';
import type { DeclaredPage } from '@sightline/example-dashboard/facts';
import { FALLBACK_HEADING } from '@sightline/page-context/internal';
import { copilotKitPage } from './copilotkit-serialization.js';
import { normalizeForRecall, recalls } from './fact-recall.js';
import type { CapturedPage } from './page-context-capture.js';
import { PROVIDERS, type Provider, providerToolsJson } from './provider-tools.js';
import type { Figures } from './results.js';

/** Tokens and recall of one side. */
export interface PeerSide {
  /** Tokens of the facts as the model reads them (o200k_base). */
  factTokens: number;
  /** Answers missed in that text. */
  missed: string[];
  /** Tokens of the action tools' JSON as each provider sends it (`expand_node` excluded). */
  toolTokens: Record<Provider, number>;
  /** Tools counted. */
  toolCount: number;
}

/** Both sides of one page, and the texts compared (for inspection). */
export interface PeerComparison {
  sightline: PeerSide;
  copilotKit: PeerSide;
  texts: { sightline: string; copilotKit: string };
}

function missedIn(text: string, page: DeclaredPage): string[] {
  const haystack = normalizeForRecall(text);
  return page.facts
    .filter((fact) => !recalls(haystack, fact.answer, fact.unit))
    .map((f) => f.answer);
}

async function toolTokens(
  definitions: Parameters<typeof providerToolsJson>[1],
): Promise<Record<Provider, number>> {
  const tokens = {} as Record<Provider, number>;
  for (const provider of PROVIDERS) {
    tokens[provider] = countTokens(await providerToolsJson(provider, definitions));
  }
  return tokens;
}

/**
 * @param page - the declared page (its facts).
 * @param captured - what the page gave (semantic Markdown, snapshot, tool definitions).
 * @returns both sides; Sightline's facts are the registry part of the semantic form (what
 *   CopilotKit's readables cover: the DOM outline has no CopilotKit counterpart).
 */
export async function comparePeers(
  page: DeclaredPage,
  captured: CapturedPage,
): Promise<PeerComparison> {
  const outlineAt = captured.renderings.semantic.indexOf(FALLBACK_HEADING);
  const sightlineText =
    outlineAt === -1
      ? captured.renderings.semantic
      : captured.renderings.semantic.slice(0, outlineAt - 1);
  const actionTools = captured.tools.filter((t) => t.name !== 'expand_node');
  const copilotKit = copilotKitPage(captured.snapshot, ACTION_INPUTS);
  return {
    sightline: {
      factTokens: countTokens(sightlineText),
      missed: missedIn(sightlineText, page),
      toolTokens: await toolTokens(actionTools),
      toolCount: actionTools.length,
    },
    copilotKit: {
      factTokens: countTokens(copilotKit.text),
      missed: missedIn(copilotKit.text, page),
      toolTokens: await toolTokens(copilotKit.tools),
      toolCount: copilotKit.tools.length,
    },
    texts: { sightline: sightlineText, copilotKit: copilotKit.text },
  };
}

/** What the report needs of one page's results. */
export interface PeerReportInput {
  page: DeclaredPage;
  tokens: { semantic: number; ascii: number };
  peers?: PeerComparison;
  turns?: CapturedPage['turns'];
  /** Answers of the page's changed facts (`page.secondTurn.facts`) the second turn did not carry. */
  secondTurnMissed?: string[];
}

/** `met` or `missed`. */
export const mark = (met: boolean) => (met ? 'met' : 'missed');
const ratio = (a: number, b: number) => Math.round((a / b) * 1000) / 1000;

/**
 * @param result - one page's results.
 * @returns its CopilotKit and second-turn figures for the results JSON.
 */
export function peerFigures(result: PeerReportInput): Figures {
  const figures: Figures = {};
  const { peers, turns } = result;
  if (peers) {
    const side = (s: PeerComparison['sightline']): Figures => ({
      factTokens: { value: s.factTokens, unit: 'tokens' },
      recall: {
        value: ratio(result.page.facts.length - s.missed.length, result.page.facts.length),
        unit: 'fraction',
      },
      tools: { value: s.toolCount, unit: 'tools' },
      ...Object.fromEntries(
        PROVIDERS.map((p) => [`toolTokens_${p}`, { value: s.toolTokens[p], unit: 'tokens' }]),
      ),
    });
    figures.sightline = side(peers.sightline);
    figures.copilotKit = side(peers.copilotKit);
  }
  if (turns) {
    figures.firstTurn = { value: turns.first.tokens, unit: 'tokens' };
    figures.secondTurn = { value: turns.second.tokens, unit: 'tokens', note: turns.second.kind };
    figures.secondOfFirst = {
      value: ratio(turns.second.tokens, turns.first.tokens),
      unit: 'ratio',
    };
  }
  const changed = result.page.secondTurn?.facts.length ?? 0;
  if (turns && changed > 0 && result.secondTurnMissed) {
    figures.secondTurnRecall = {
      value: ratio(changed - result.secondTurnMissed.length, changed),
      unit: 'fraction',
      note: `changed facts found in what the second turn sent (${changed} facts; the rest were read on the first turn)`,
    };
  }
  return figures;
}

/**
 * @param r - one page's results.
 * @param peers - its comparison.
 * @param target - the ratios to meet.
 * @returns its row of the side-by-side table.
 */
export function peerRow(
  r: PeerReportInput,
  peers: PeerComparison,
  target: { ofAsciiIssue17: number; secondTurn: number },
): string[] {
  const changed = r.page.secondTurn?.facts.length ?? 0;
  const missedChanged = r.secondTurnMissed?.length ?? 0;
  const { sightline: s, copilotKit: c } = peers;
  const n = r.page.facts.length;
  const second = r.turns ? r.turns.second.tokens / r.turns.first.tokens : Number.NaN;
  const toolsMet = PROVIDERS.every((p) => s.toolTokens[p] <= c.toolTokens[p]);
  const targets = [
    `facts ${mark(s.factTokens <= c.factTokens)}`,
    `recall ${mark(s.missed.length === 0)}`,
    `tools ${mark(toolsMet)}`,
    `ASCII ${mark(r.tokens.semantic <= target.ofAsciiIssue17 * r.tokens.ascii)}`,
    `second turn ${r.turns ? mark(second <= target.secondTurn) : 'n/a'}`,
    `second-turn recall ${changed > 0 && r.secondTurnMissed ? mark(missedChanged === 0) : 'n/a'}`,
  ];
  return [
    r.page.name,
    s.factTokens.toLocaleString('en-US'),
    c.factTokens.toLocaleString('en-US'),
    `${n - s.missed.length}/${n} / ${n - c.missed.length}/${n}`,
    ...PROVIDERS.map((p) => `${s.toolTokens[p]} / ${c.toolTokens[p]}`),
    ratio(r.tokens.semantic, r.tokens.ascii).toFixed(3),
    r.turns
      ? `${r.turns.second.tokens} / ${r.turns.first.tokens} = ${second.toFixed(3)} (${r.turns.second.kind})`
      : 'n/a',
    changed > 0 && r.secondTurnMissed ? `${changed - missedChanged}/${changed}` : 'n/a',
    targets.join(', '),
  ];
}
