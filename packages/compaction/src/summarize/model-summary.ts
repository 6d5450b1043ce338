/**
 * Summaries written by a model, for histories of any length. The part to summarize is often
 * larger than the summarizer's own window; it is summarized in parts, each part folded into the
 * summary so far (the earlier summary first, when there is one), so nothing in the middle is
 * skipped. A message larger than a whole part is cut to fit, with a note that its full text is in
 * the transcript. The model is called with no tools; any failure or missing section returns
 * `undefined`, and the caller falls back to the extractive summary.
 */
import { countTokens, type Encoding, truncateToTokens } from '@sightline/core';
import { generateText, type LanguageModel, type ModelMessage } from 'ai';
import { SUMMARY_SECTIONS } from './extractive-summary.js';
import { markdownFence, renderTranscript } from './render-transcript.js';
import { summarySections } from './summary-sections.js';

/** Options of {@link summarizeWithModel}. */
export interface ModelSummaryOptions {
  /** Model writing the summary, called with no tools. */
  summarizer: LanguageModel;
  /** The user's original goal (given to the model as context; quoted by the caller). */
  goal: string | undefined;
  /**
   * Most tokens of one summarizer prompt: instructions, goal, summary so far and the part of the
   * transcript (o200k_base, or `encoding`).
   */
  maxSummarizerInputTokens: number;
  /** Encoding to count with. Default `o200k_base`. */
  encoding?: Encoding;
  /** Cancels the summarizer calls. */
  abortSignal?: AbortSignal;
}

/** Tokens of a part never go below this, however long the goal and the summary so far. */
const MIN_PART_TOKENS = 1_000;

const INSTRUCTIONS = `You summarize an AI agent's working session so the agent can continue without the transcript.
Write exactly these Markdown sections, in this order, with these headings:
${SUMMARY_SECTIONS.map((section) => `## ${section}`).join('\n')}
Use short bullet points. Be specific: file paths, line numbers, identifiers, commands, error messages and values found.
When a summary so far is given, update it with the next part of the transcript: keep every item of it that is still true, change what the new part changed, drop what it settled.
Do not restate the user's request (it is quoted separately) and do not invent anything that is not in the summary or the transcript.`;

/**
 * Summarizes `replaced` with the model, in as many parts as its input limit needs.
 * @param replaced - the messages being replaced (an earlier summary first, if any).
 * @param options - see {@link ModelSummaryOptions}.
 * @returns the sections after the session intent, or `undefined` when a call failed or an answer
 * missed a section.
 */
export async function summarizeWithModel(
  replaced: readonly ModelMessage[],
  options: ModelSummaryOptions,
): Promise<string | undefined> {
  // An earlier summary is the summary so far (its intent is quoted again by the caller).
  const earlier = summarySections(replaced[0]);
  let summary = earlier;
  const rest = earlier === undefined ? replaced : replaced.slice(1);
  for (const part of transcriptParts(rest, summary, options)) {
    summary = await summarizePart(part, summary, options);
    if (summary === undefined) return undefined;
  }
  return summary;
}

/**
 * Splits the rendered messages into parts that fit the summarizer next to the instructions, the
 * goal and a summary as long as the current one (summaries stay short; a part leaves room for one
 * twice as long).
 */
function* transcriptParts(
  messages: readonly ModelMessage[],
  summary: string | undefined,
  { goal, maxSummarizerInputTokens, encoding }: ModelSummaryOptions,
): Generator<string> {
  const count = (text: string) => countTokens(text, { encoding });
  const fixed = count(INSTRUCTIONS) + count(goal ?? '') + 2 * count(summary ?? '') + 100;
  const budget = Math.max(MIN_PART_TOKENS, maxSummarizerInputTokens - fixed);
  let part = '';
  let used = 0;
  for (const message of messages) {
    let rendered = renderTranscript([message], { title: message.role });
    let size = count(rendered);
    if (size > budget) {
      const note =
        '\n\n(cut here to fit the summarizer; the full message is in the stored transcript)\n\n';
      rendered = truncateToTokens(rendered, budget - count(note)) + note;
      size = count(rendered);
    }
    if (used + size > budget && part !== '') {
      yield part;
      part = '';
      used = 0;
    }
    part += rendered;
    used += size;
  }
  if (part !== '') yield part;
}

async function summarizePart(
  part: string,
  summary: string | undefined,
  { summarizer, goal, abortSignal }: ModelSummaryOptions,
): Promise<string | undefined> {
  const sections = [
    `The user's original request:\n\n${markdownFence(goal ?? '(none)')}`,
    summary === undefined ? undefined : `Summary so far:\n\n${summary}`,
    `${summary === undefined ? 'Transcript' : 'Next part of the transcript'}:\n\n${part}`,
  ];
  try {
    const { text } = await generateText({
      model: summarizer,
      system: INSTRUCTIONS,
      prompt: sections.filter((section) => section !== undefined).join('\n\n'),
      abortSignal,
    });
    const start = text.indexOf(`## ${SUMMARY_SECTIONS[0]}`);
    const complete =
      start >= 0 && SUMMARY_SECTIONS.every((section) => text.includes(`## ${section}`));
    return complete ? text.slice(start).trim() : undefined;
  } catch {
    // A failing summarizer must not stop the agent: the extractive summary takes over.
    return undefined;
  }
}
