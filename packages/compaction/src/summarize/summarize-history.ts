/**
 * Summarization: the older part of the history is replaced by one message with fixed sections —
 * session intent (the user's goal, quoted verbatim by this code, never by the model), artifacts
 * created or changed, decisions and findings, open questions, next steps. The replaced messages
 * are first appended in full to `/conversation_history/<session>.md`, which the summary names.
 *
 * The summarizer model is called with no tools; when there is none, or it fails or skips a
 * section, an extractive summary is used instead. System messages are never summarized: they move
 * in front of the summary unchanged.
 */
import { countTokens, type Encoding } from '@sightline/core';
import { generateText, type LanguageModel, type ModelMessage } from 'ai';
import type { CompactionStore } from '../history/types.js';
import { transcriptPath } from '../stores/store-paths.js';
import { extractiveSummary, SUMMARY_SECTIONS } from './extractive-summary.js';
import { markdownFence, renderTranscript } from './render-transcript.js';

/** Start of every summary message (recognised when a later compaction replaces it). */
export const SUMMARY_PREFIX = '[conversation summary]';

/** Options of {@link summarizeHistory}. */
export interface SummarizeHistoryOptions {
  /** Session id (names the transcript). */
  session: string;
  /** Store receiving the transcript. */
  store: CompactionStore;
  /** Index of the first kept message: `messages.slice(recentStart)` stays verbatim. */
  recentStart: number;
  /** The user's original goal, quoted verbatim in the summary (see `findSessionGoal`). */
  goal: string | undefined;
  /** Heading of the transcript part, e.g. `Compaction 2 (step 14)`. */
  title: string;
  /** Model writing the summary, called with no tools. Default: extractive summary only. */
  summarizer?: LanguageModel;
  /** Most tokens of transcript given to the summarizer (the newest messages are kept). */
  maxSummarizerInputTokens: number;
  /** Encoding to count with. Default `o200k_base`. */
  encoding?: Encoding;
  /** Cancels the summarizer call. */
  abortSignal?: AbortSignal;
  /**
   * Decides whether the new history is worth it (e.g. smaller); a rejected summary stores nothing.
   * Default: accept.
   */
  accept?: (messages: ModelMessage[]) => boolean;
}

/** What {@link summarizeHistory} did. */
export interface SummarizeHistoryResult {
  /** The new history: system messages, the summary message, then the kept messages. */
  messages: ModelMessage[];
  /** How the sections after the intent were written. */
  method: 'model' | 'extractive';
  /** Store path of the transcript the replaced messages were appended to. */
  transcriptPath: string;
  /** Number of messages replaced. */
  replacedMessages: number;
}

/**
 * Replaces `messages.slice(0, recentStart)` (system messages excepted) by a summary.
 * @param messages - the history; `recentStart` must be a block boundary (see `findRecentStart`).
 * @param options - see {@link SummarizeHistoryOptions}.
 * @returns the new history, or `undefined` when nothing but system messages and an earlier summary
 * precede `recentStart`, or when `accept` rejected the result.
 * @throws whatever the store throws when appending the transcript (nothing is replaced then).
 */
export async function summarizeHistory(
  messages: readonly ModelMessage[],
  options: SummarizeHistoryOptions,
): Promise<SummarizeHistoryResult | undefined> {
  const { session, store, recentStart, goal, title } = options;
  const older = messages.slice(0, recentStart);
  const replaced = older.filter((message) => message.role !== 'system');
  // Nothing new to summarize (re-summarizing a lone summary would only churn the prompt cache).
  if (replaced.every(isSummary)) return undefined;
  const path = transcriptPath(session);
  const modelSections = await summarizeWithModel(replaced, options);
  const kept = summarizedHistory(messages, recentStart, { session, goal, sections: modelSections });
  if (options.accept && !options.accept(kept)) return undefined;
  // The transcript lands before the summary replaces anything: nothing is ever lost.
  await store.append(path, renderTranscript(replaced, { title }));
  return {
    messages: kept,
    method: modelSections ? 'model' : 'extractive',
    transcriptPath: path,
    replacedMessages: replaced.length,
  };
}

/**
 * The history a summary produces, without side effects: system messages before `recentStart`, one
 * summary message (intent quoted verbatim, then `sections`, plus the images and files of the goal),
 * then `messages.slice(recentStart)`.
 * The engine also uses it to estimate the size of a compaction before running one.
 * @param messages - the history.
 * @param recentStart - index of the first kept message (a block boundary).
 * @param options - `session` (names the transcript path), `goal` (quoted verbatim), `sections`
 * (the summary sections after the intent; default: the extractive summary of the replaced part).
 * @returns the new history.
 */
export function summarizedHistory(
  messages: readonly ModelMessage[],
  recentStart: number,
  { session, goal, sections }: { session: string; goal: string | undefined; sections?: string },
): ModelMessage[] {
  const older = messages.slice(0, recentStart);
  const replaced = older.filter((message) => message.role !== 'system');
  const text = [
    `${SUMMARY_PREFIX} The earlier part of this conversation (${replaced.length} messages) was replaced by this summary. Its full transcript, with every tool input and output, is in the store at ${transcriptPath(session)}: use search_stored to find a detail and read_stored to read it.`,
    `## Session intent\n\nThe user's original request, quoted verbatim:\n\n${markdownFence(goal ?? '(no user message)')}`,
    sections ?? extractiveSummary(replaced),
  ].join('\n\n');
  // Images and files of the goal stay with it (they are not in the text transcript).
  const summary: ModelMessage = {
    role: 'user',
    content: [{ type: 'text', text }, ...goalMedia(replaced)],
  };
  return [
    ...older.filter((message) => message.role === 'system'),
    summary,
    ...messages.slice(recentStart),
  ];
}

const INSTRUCTIONS = `You summarize the earlier part of an AI agent's working session so the agent can continue without it.
Write exactly these Markdown sections, in this order, with these headings:
${SUMMARY_SECTIONS.map((section) => `## ${section}`).join('\n')}
Use short bullet points. Be specific: file paths, line numbers, identifiers, commands, error messages and values found.
Do not restate the user's request (it is quoted separately) and do not invent anything that is not in the transcript.`;

async function summarizeWithModel(
  replaced: readonly ModelMessage[],
  { summarizer, goal, maxSummarizerInputTokens, encoding, abortSignal }: SummarizeHistoryOptions,
): Promise<string | undefined> {
  if (!summarizer) return undefined;
  try {
    const { text } = await generateText({
      model: summarizer,
      system: INSTRUCTIONS,
      prompt: `The user's original request:\n\n${markdownFence(goal ?? '(none)')}\n\nTranscript of the part to summarize:\n\n${newestWithin(replaced, maxSummarizerInputTokens, encoding)}`,
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

/** Renders the newest messages that fit in `maxTokens`, keeping an earlier summary in front. */
function newestWithin(
  messages: readonly ModelMessage[],
  maxTokens: number,
  encoding?: Encoding,
): string {
  const rendered = messages.map((message) => renderTranscript([message], { title: message.role }));
  const earlierSummary = isSummary(messages[0]) ? rendered[0] : undefined;
  let used = earlierSummary ? countTokens(earlierSummary, { encoding }) : 0;
  let first = rendered.length;
  while (first > (earlierSummary ? 1 : 0)) {
    const size = countTokens(rendered[first - 1] as string, { encoding });
    if (used + size > maxTokens) break;
    used += size;
    first -= 1;
  }
  const omitted = first - (earlierSummary ? 1 : 0);
  const note =
    omitted > 0
      ? `(${omitted} older messages omitted here; they are in the stored transcript.)\n\n`
      : '';
  return `${earlierSummary ?? ''}${note}${rendered.slice(first).join('')}`;
}

type UserPart = Exclude<Extract<ModelMessage, { role: 'user' }>['content'], string>[number];

/**
 * Image and file parts of the goal: the leading run of user messages (the original request, or
 * after a compaction the summary that carries its media on).
 */
function goalMedia(replaced: readonly ModelMessage[]): UserPart[] {
  const media: UserPart[] = [];
  const first = replaced.findIndex((message) => message.role === 'user');
  if (first < 0) return media;
  for (const message of replaced.slice(first)) {
    if (message.role !== 'user') break;
    if (typeof message.content === 'string') continue;
    media.push(...message.content.filter((part) => part.type !== 'text'));
  }
  return media;
}

function isSummary(message: ModelMessage | undefined): boolean {
  if (message?.role !== 'user') return false;
  const text =
    typeof message.content === 'string'
      ? message.content
      : message.content[0]?.type === 'text'
        ? message.content[0].text
        : '';
  return text.startsWith(SUMMARY_PREFIX);
}
