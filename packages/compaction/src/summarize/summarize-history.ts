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
import type { Encoding } from '@sightline/core';
import type { LanguageModel, ModelMessage } from 'ai';
import type { CompactionStore } from '../stores/compaction-store.js';
import { transcriptPath } from '../stores/store-paths.js';
import { extractiveSummary } from './extractive-summary.js';
import { summarizeWithModel } from './model-summary.js';
import { markdownFence, renderTranscript } from './render-transcript.js';
import {
  carryArtifactsForward,
  isSummary,
  SUMMARY_PREFIX,
  summarySections,
} from './summary-sections.js';

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
  /**
   * Most tokens of one summarizer prompt. A longer history is summarized in parts, each folded
   * into the summary so far, so nothing is skipped.
   */
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
  const modelSections = options.summarizer
    ? await summarizeWithModel(replaced, { ...options, summarizer: options.summarizer })
    : undefined;
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
    // What the earlier summary held that stays true (artifacts) is carried forward by code.
    carryArtifactsForward(
      summarySections(replaced.find(isSummary)),
      sections ?? extractiveSummary(replaced),
    ),
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
