/**
 * `window.__sightline`: a documented hook for tests and benchmarks running an app in a real
 * browser (Playwright `page.evaluate`); render `<PageHook />` inside the `PageContextProvider`. It reads the page exactly as the assistant panel does and
 * runs tools exactly as an agent would; it adds nothing the agent side does not have.
 */
import { asSchema } from 'ai';
import { useEffect } from 'react';
import { asciiSnapshot } from '../fallback/ascii-snapshot.js';
import { textSnapshot } from '../fallback/text-snapshot.js';
import { toJSON } from '../registry/to-json.js';
import type { PageSnapshotJson } from '../types.js';
import { type PageSnapshotRead, usePageSnapshot } from './use-page-snapshot.js';

/** What {@link PageHook.read} returns: the agent's view of the page, without functions. */
export interface PageHookRead {
  /** The Markdown the agent receives: opted-in components semantically, the rest outlined. */
  markdown: string;
  /** Exact o200k_base tokens of `markdown`. */
  tokens: number;
  /** Registry version at read time (grows with every change). */
  version: number;
  /** Names of the tools the agent gets (one per action, plus `expand_node`). */
  toolNames: string[];
}

/** A tool as the agent is given it: name, description, JSON Schema of its input. */
export interface PageHookToolDefinition {
  name: string;
  description: string;
  inputSchema: unknown;
}

/** The hook's API, on `window.__sightline` once the app has mounted. */
export interface PageHook {
  /**
   * Reads the page now.
   * @param options - `budgetTokens`: most tokens of the Markdown (default: the reader's, 4,000).
   */
  read(options?: { budgetTokens?: number }): PageHookRead;
  /**
   * Reads the page for the next turn of a conversation: the whole page on the first call after
   * {@link PageHook.resetTurns}, then only what changed (or the whole page when that is smaller).
   */
  readTurn(options?: { budgetTokens?: number }): PageHookRead & { kind: 'snapshot' | 'delta' };
  /** Starts a new conversation for {@link PageHook.readTurn}. */
  resetTurns(): void;
  /** The registry's snapshot now, as JSON (what opted-in components registered). */
  snapshot(): PageSnapshotJson;
  /** The tools the agent gets now, as definitions (to hand to a model outside the page). */
  toolDefinitions(): Promise<PageHookToolDefinition[]>;
  /**
   * Runs one of the page's tools as the agent would (input validated by its schema).
   * @returns the tool's result; `{ error }` for an unknown tool or invalid input (never throws).
   */
  callTool(name: string, input: unknown): Promise<unknown>;
  /** The fallback outline of the whole page (no token cap): the text-snapshot baseline. */
  textSnapshot(): string;
  /**
   * The character-grid "text screenshot" of the page: the ASCII baseline.
   * @param options - `columns`: grid width in characters (default: cells sized by the median
   *   painted glyph).
   */
  asciiSnapshot(options?: { columns?: number }): string;
}

declare global {
  interface Window {
    /** Set while `<PageHook />` is mounted; see {@link PageHook}. */
    __sightline?: PageHook;
  }
}

/** Installs `window.__sightline` while mounted. Renders nothing. */
export function PageHook() {
  const read = usePageSnapshot();
  useEffect(() => {
    let previous: PageSnapshotRead | undefined;
    const hook: PageHook = {
      read: (options = {}) => {
        const { markdown, tokens, snapshot, tools } = read({ root: document.body, ...options });
        return { markdown, tokens, version: snapshot.version, toolNames: Object.keys(tools) };
      },
      readTurn: (options = {}) => {
        const page = read({ root: document.body, previous, ...options });
        previous = page;
        const { markdown, tokens, snapshot, tools, kind } = page;
        return { markdown, tokens, kind, version: snapshot.version, toolNames: Object.keys(tools) };
      },
      resetTurns: () => {
        previous = undefined;
      },
      snapshot: () => toJSON(read().snapshot),
      toolDefinitions: () =>
        Promise.all(
          Object.entries(read().tools).map(async ([name, tool]) => ({
            name,
            description: tool.description ?? '',
            inputSchema: await asSchema(tool.inputSchema).jsonSchema,
          })),
        ),
      callTool: async (name, input) => {
        const tool = read().tools[name];
        if (!tool?.execute) {
          return {
            error: {
              code: 'ACTION_NOT_FOUND',
              message: `No tool named ${name}; call read() for the tool names.`,
            },
          };
        }
        return tool.execute(input, { toolCallId: `page-hook-${Date.now()}`, messages: [] });
      },
      textSnapshot: () => textSnapshot(document.body, { budgetTokens: Number.POSITIVE_INFINITY }),
      asciiSnapshot: (options = {}) => asciiSnapshot(document.body, options),
    };
    window.__sightline = hook;
    return () => {
      if (window.__sightline === hook) delete window.__sightline;
    };
  }, [read]);
  return null;
}
