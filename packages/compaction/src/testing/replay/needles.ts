/**
 * Needles: facts from early observations that compaction pushed out of the context, picked by a
 * fixed rule, and the check that each is still recoverable — through the agent's own
 * `search_stored` tool and directly in the store.
 */
import type { ToolSet } from 'ai';
import type { CompactionStore } from '../../stores/compaction-store.js';
import { type ModelPrompt, promptTexts } from '../prompt-checks.js';
import type { ReplayScript } from './parse-trajectory.js';

/** Shortest and longest needle line, in characters. */
const NEEDLE_CHARS = { min: 16, max: 160 } as const;

/** A line of an early observation that is no longer in the context. */
export interface Needle {
  /** Tool call whose observation held the line. */
  toolCallId: string;
  /** The line, trimmed. */
  text: string;
}

/** Options of {@link pickNeedles}. */
export interface PickNeedlesOptions {
  /** The prompt of the run's last step: what survived compaction. */
  finalPrompt: ModelPrompt;
  /** Most needles, taken from the earliest observations that left the context. Default 5. */
  limit?: number;
}

/**
 * Picks needles by a fixed rule (never per file): walk the observations in order; skip one whose
 * full text is still in the final prompt (it never left the context); from the others take the
 * longest trimmed line of 16–160 characters that occurs in no other observation, not in the system
 * prompt or goal, and nowhere in the final prompt — a fact only the store can still give back.
 * @param script - the replayed script.
 * @param options - see {@link PickNeedlesOptions}.
 * @returns up to `limit` needles, earliest first (none when nothing left the context).
 */
export function pickNeedles(
  script: ReplayScript,
  { finalPrompt, limit = 5 }: PickNeedlesOptions,
): Needle[] {
  const survived = promptTexts(finalPrompt);
  const inPrompt = (text: string) => survived.some((part) => part.includes(text));
  const calls = script.turns.flatMap((turn) => turn.toolCalls);
  const needles: Needle[] = [];
  for (const call of calls) {
    if (needles.length >= limit) break;
    if (call.result.trim() === '' || inPrompt(call.result)) continue;
    const elsewhere = [
      script.system,
      script.goal,
      ...calls.filter((other) => other !== call).map((other) => other.result),
    ];
    const candidates = call.result
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter(
        (line) =>
          line.length >= NEEDLE_CHARS.min &&
          line.length <= NEEDLE_CHARS.max &&
          !elsewhere.some((text) => text.includes(line)) &&
          !inPrompt(line),
      )
      .sort((a, b) => b.length - a.length);
    const [text] = candidates;
    if (text) needles.push({ toolCallId: call.toolCallId, text });
  }
  return needles;
}

/** Whether one needle could be recovered. */
export interface NeedleCheck extends Needle {
  /** `search_stored` with the escaped line as pattern returned a match holding it. */
  foundBySearch: boolean;
  /** A store entry holds the line (found with `store.grep`, confirmed with `store.read`). */
  inStore: boolean;
  /** Store path that holds it, when found. */
  path: string | undefined;
}

/**
 * Checks that each needle is recoverable.
 * @param needles - from {@link pickNeedles}.
 * @param recovery - the compaction's `tools` (must hold `search_stored`) and `store`.
 * @returns one check per needle, in order.
 */
export async function checkNeedles(
  needles: readonly Needle[],
  { tools, store }: { tools: ToolSet; store: CompactionStore },
): Promise<NeedleCheck[]> {
  const search = tools.search_stored?.execute;
  const checks: NeedleCheck[] = [];
  for (const needle of needles) {
    const pattern = escapeRegExp(needle.text);
    const answer = search
      ? await search({ pattern }, { toolCallId: 'needle-check', messages: [] })
      : undefined;
    const escaped = JSON.stringify(needle.text).slice(1, -1);
    const foundBySearch = (JSON.stringify(answer) ?? '').includes(escaped);
    const [match] = await store.grep(pattern, { maxMatches: 1 });
    const read = match ? await store.read(match.path) : undefined;
    checks.push({
      ...needle,
      foundBySearch,
      inStore: read?.content.includes(needle.text) ?? false,
      path: match?.path,
    });
  }
  return checks;
}

/**
 * Escapes regular-expression syntax characters so a line matches literally (valid with the `u`
 * and `v` flags: only syntax characters and `/` are escaped).
 * @param text - any text.
 * @returns the pattern.
 */
export function escapeRegExp(text: string): string {
  return text.replaceAll(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
}
