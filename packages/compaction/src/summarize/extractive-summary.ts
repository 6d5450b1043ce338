/**
 * The summary written without a model: what can be extracted from the replaced messages without
 * judgement — tools used, files changed (calls with large or truncated content arguments), file
 * paths mentioned, and the last thing the assistant said. The session intent is added by the
 * caller, verbatim.
 */
import { truncateToTokens } from '@sightline/core';
import type { ModelMessage } from 'ai';
import { TRUNCATED_INPUT_PREFIX } from '../mask/truncate-tool-inputs.js';
import { renderTranscript } from './render-transcript.js';

/** Sections of a summary after the session intent, in order. */
export const SUMMARY_SECTIONS = [
  'Artifacts created or changed',
  'Decisions and findings',
  'Open questions',
  'Next steps',
] as const;

/** Most paths listed per section. */
const MAX_PATHS = 40;
/** Most tokens of the last assistant text quoted. */
const MAX_LAST_TEXT_TOKENS = 400;
/** String arguments at least this long mark a call as writing content (characters). */
const CONTENT_ARGUMENT_CHARS = 1_000;
// A relative or absolute path with at least one folder and a file extension, optionally `:line`.
const PATH_PATTERN = /(?:\.{1,2}\/|\/)?(?:[\w@.-]+\/)+[\w@-][\w@.-]*\.[A-Za-z][A-Za-z0-9]{0,7}\b/g;

/**
 * Builds the four summary sections after the session intent from the messages being replaced.
 * @param messages - the replaced messages.
 * @returns Markdown with `## Artifacts created or changed`, `## Decisions and findings`,
 * `## Open questions` and `## Next steps`.
 */
export function extractiveSummary(messages: readonly ModelMessage[]): string {
  const tools = new Map<string, number>();
  const changed = new Set<string>();
  const named = new Set<string>();
  let lastText = '';
  for (const message of messages) {
    if (message.role !== 'assistant' || typeof message.content === 'string') {
      if (message.role === 'assistant' && typeof message.content === 'string')
        lastText = message.content;
      continue;
    }
    const text = message.content
      .flatMap((part) => (part.type === 'text' ? [part.text] : []))
      .join('\n');
    if (text.trim()) lastText = text;
    for (const part of message.content) {
      if (part.type !== 'tool-call') continue;
      tools.set(part.toolName, (tools.get(part.toolName) ?? 0) + 1);
      for (const path of callPaths(part.input))
        (writesContent(part.input) ? changed : named).add(path);
    }
  }
  const mentioned = [
    ...new Set([...named, ...findPaths(renderTranscript(messages, { title: '' }))]),
  ]
    .filter((path) => !changed.has(path))
    .slice(0, MAX_PATHS);
  const toolList = [...tools].map(([name, count]) => `\`${name}\` ×${count}`).join(', ');
  const sections = [
    list(
      [...changed]
        .map((path) => `changed: ${path}`)
        .concat(mentioned.map((path) => `mentioned: ${path}`)),
    ),
    [
      `- Tools used: ${toolList || 'none'}.`,
      lastText.trim()
        ? `- Last assistant message before this point:\n\n${quote(truncateToTokens(lastText.trim(), MAX_LAST_TEXT_TOKENS))}`
        : '- No assistant text before this point.',
    ].join('\n'),
    '- Not extracted (no summarizer model): search the transcript for questions raised.',
    '- Continue the task from the messages after this summary; look details up in the transcript.',
  ];
  return SUMMARY_SECTIONS.map((title, index) => `## ${title}\n\n${sections[index]}`).join('\n\n');
}

function writesContent(input: unknown): boolean {
  if (typeof input === 'string')
    return input.startsWith(TRUNCATED_INPUT_PREFIX) || input.length >= CONTENT_ARGUMENT_CHARS;
  if (Array.isArray(input)) return input.some(writesContent);
  if (typeof input === 'object' && input !== null) return Object.values(input).some(writesContent);
  return false;
}

/** Paths in a call's input: path-like strings anywhere, and values of `path`/`file`-named keys. */
function callPaths(input: unknown): string[] {
  const keyed =
    typeof input === 'object' && input !== null && !Array.isArray(input)
      ? Object.entries(input).flatMap(([key, value]) =>
          /path|file/i.test(key) && typeof value === 'string' && value.length < 300 ? [value] : [],
        )
      : [];
  return [...keyed, ...findPaths(JSON.stringify(input) ?? '')];
}

function findPaths(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(PATH_PATTERN)) {
    if (match[0].startsWith('/tool_') || match[0].startsWith('/conversation_history/')) continue;
    found.add(match[0]);
    if (found.size >= MAX_PATHS) break;
  }
  return [...found];
}

function list(items: string[]): string {
  return items.length > 0 ? items.map((item) => `- ${item}`).join('\n') : '- None recorded.';
}

function quote(text: string): string {
  return text
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
}
