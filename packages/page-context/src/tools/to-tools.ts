/**
 * AI SDK tools from a snapshot: one tool per declared action, named after the action (see
 * `tool-name.ts`) and described by its own description and input schema only, plus a generic `expand_node({id})` that returns a node's full data, its children
 * and its `details()` — what the Markdown left out, fetched only when the agent asks.
 *
 * Input is validated by the action's zod schema inside `execute`, not by the SDK, so that invalid
 * input comes back as a `{ error: { code, message } }` value the model can read and correct; a
 * failing handler, one that does not settle in time (`TOOL_TIMEOUT`) and an `expand_node` of a node
 * removed since the snapshot (`NODE_NOT_FOUND`) do too. No tool here throws.
 */
import { SightlineError } from '@sightline/core';
import { jsonSchema, type Tool, tool } from 'ai';
import { toolErrorValue } from '../actions/page-action.js';
import { EXPAND_NODE_TOOL } from '../actions/tool-name.js';
import { findTitle } from '../render/format-data.js';
import { serializeValue } from '../render/serialize-value.js';
import { holdsUserContent } from '../render/user-content.js';
import type {
  JsonObject,
  JsonValue,
  PageSnapshot,
  PageSnapshotAction,
  PageSnapshotJson,
  PageSnapshotNode,
} from '../types.js';

/** Tools by name, ready for `generateText({ tools })`. */
export type PageTools = Record<string, Tool<unknown, JsonValue>>;

/** Options of {@link toTools}. */
export interface ToToolsOptions {
  /** Add `expand_node`. Default true. */
  expandNode?: boolean;
  /** Cap on the serialized `details()` returned by `expand_node`, in bytes. Default 32,768. */
  maxDetailsBytes?: number;
  /**
   * Longest wait for an action handler, or for `details()` in `expand_node`, in ms; after it the
   * tool returns a `TOOL_TIMEOUT` error value (the handler is not cancelled and may still finish).
   * Default 30,000: room for a UI action that waits on a network request, yet well under a model
   * step's own limit (the investigator allows 180 s per step), so a handler that never settles fails
   * its tool call instead of the whole step.
   */
  actionTimeoutMs?: number;
  /**
   * Asks the user to confirm a tool call of an action declared with `confirm` (see
   * `needsConfirmation`); resolves true to run it. Absent: such calls return `CONFIRMATION_REQUIRED`
   * (nobody can confirm). A false answer returns `ACTION_DECLINED`, which the model reads.
   * The wait for the answer is not limited by `actionTimeoutMs`.
   */
  confirmToolCall?: (request: ToolConfirmationRequest) => Promise<boolean>;
  /** Receives what a running action reports (`context.reportProgress`), with its tool call's id. */
  onProgress?: (toolCallId: string, message: string) => void;
}

/** What a confirmation shows the user: which action, on which node, with what input. */
export interface ToolConfirmationRequest {
  toolName: string;
  /** The action's description. */
  description: string;
  /** The node, as the Markdown names it: `type "title" [id]`. */
  node: string;
  input: unknown;
}

/**
 * Whether a tool call of `action` waits for the user's confirmation on a page.
 * @param action - from a snapshot (its `confirm`).
 * @param snapshot - the page the model read (for `'if-untrusted'`: does it hold user-written text).
 * @returns true for `confirm: true`, and for `'if-untrusted'` when the page holds user content.
 */
export function needsConfirmation(
  action: Pick<PageSnapshotAction, 'confirm'>,
  snapshot: Pick<PageSnapshot, 'roots'> | Pick<PageSnapshotJson, 'roots'>,
): boolean {
  if (action.confirm === true) return true;
  return action.confirm === 'if-untrusted' && holdsUserContent(snapshot.roots);
}

type JsonSchemaInput = Parameters<typeof jsonSchema>[0];

/** Largest delay `setTimeout` honours (2^31 - 1 ms); longer ones fire at once. */
const MAX_TIMEOUT_MS = 2_147_483_647;

const EXPAND_NODE_SCHEMA: JsonSchemaInput = {
  type: 'object',
  properties: { id: { type: 'string' } },
  required: ['id'],
  additionalProperties: false,
};

/**
 * Builds the tools of a snapshot.
 * @param snapshot - from `registry.snapshot()` (functions included; the JSON form has none).
 * @param options - whether to add `expand_node`, cap on details, time limit of handlers.
 * @returns tools by name; names match `^[a-zA-Z0-9_-]{1,64}$` and never collide.
 * @throws SightlineError `INVALID_ARGUMENT` when `actionTimeoutMs` is not a number of ms from 1 to
 * 2,147,483,647 (the range `setTimeout` honours).
 * @example
 * const snapshot = registry.snapshot();
 * await generateText({ model, system: toMarkdown(snapshot), tools: toTools(snapshot), prompt });
 */
export function toTools(snapshot: PageSnapshot, options: ToToolsOptions = {}): PageTools {
  const {
    expandNode = true,
    maxDetailsBytes = 32_768,
    actionTimeoutMs = 30_000,
    confirmToolCall,
    onProgress,
  } = options;
  if (!(actionTimeoutMs >= 1 && actionTimeoutMs <= MAX_TIMEOUT_MS)) {
    throw new SightlineError({
      code: 'INVALID_ARGUMENT',
      message: `actionTimeoutMs must be a number of milliseconds from 1 to ${MAX_TIMEOUT_MS}; got ${String(actionTimeoutMs)}.`,
    });
  }
  const tools: PageTools = {};
  const nodes = new Map<string, PageSnapshotNode>();
  const visit = (node: PageSnapshotNode): void => {
    nodes.set(node.id, node);
    const { title } = findTitle(node.data);
    const where = `${node.type}${title ? ` "${title}"` : ''} [${node.id}]`;
    for (const action of node.actions) {
      tools[action.toolName] = tool<unknown, JsonValue>({
        // The name says which node when that is ambiguous (see tool-name.ts): no "(on …)" suffix.
        description: action.description,
        inputSchema: jsonSchema<unknown>(action.inputSchema as JsonSchemaInput),
        // run() validates, never throws, and caps the result at 4 KB (see runPageAction).
        execute: async (input, { toolCallId }) => {
          if (needsConfirmation(action, snapshot)) {
            const request = {
              toolName: action.toolName,
              description: action.description,
              node: where,
              input,
            };
            const answer = await confirmation(request, confirmToolCall).catch(toolErrorValue);
            if (answer !== true) return answer === false ? declined(action.name) : answer;
          }
          const reportProgress = (message: string) => onProgress?.(toolCallId, message);
          return withTimeout(
            action.run(input, { reportProgress }),
            actionTimeoutMs,
            `Action "${action.name}" on ${where} did not finish within ${actionTimeoutMs} ms; it may still complete. Read the current page context to see whether it took effect before calling it again.`,
          ).catch(toolErrorValue);
        },
      });
    }
    for (const child of node.children) visit(child);
  };
  for (const root of snapshot.roots) visit(root);
  if (expandNode) {
    tools[EXPAND_NODE_TOOL] = tool<unknown, JsonValue>({
      description: 'Read a page node shown with an [id] in full: data, children, details.',
      inputSchema: jsonSchema<unknown>(EXPAND_NODE_SCHEMA),
      execute: (input) => expand(snapshot, nodes, input, maxDetailsBytes, actionTimeoutMs),
    });
  }
  return tools;
}

async function confirmation(
  request: ToolConfirmationRequest,
  ask: ToToolsOptions['confirmToolCall'],
): Promise<boolean | JsonValue> {
  if (!ask) {
    return toolErrorValue(
      new SightlineError({
        code: 'CONFIRMATION_REQUIRED',
        message: `Action "${request.toolName}" needs the user's confirmation, which cannot be asked here; tell the user what you would do and let them do it.`,
      }),
    );
  }
  return (await ask(request)) === true;
}

/**
 * The tool result of an action the user declined.
 * @param name - the action's name.
 * @returns an `ACTION_DECLINED` error value the model reads.
 */
export function declined(name: string): JsonValue {
  return toolErrorValue(
    new SightlineError({
      code: 'ACTION_DECLINED',
      message: `The user declined "${name}"; it did not run. Ask what they want instead.`,
    }),
  );
}

async function expand(
  snapshot: PageSnapshot,
  nodes: ReadonlyMap<string, PageSnapshotNode>,
  input: unknown,
  maxDetailsBytes: number,
  timeoutMs: number,
): Promise<JsonValue> {
  try {
    const id = (input as { id?: unknown } | null)?.id;
    if (typeof id !== 'string') {
      throw new SightlineError({
        code: 'INVALID_ARGUMENT',
        message:
          'expand_node needs {"id": "<node id>"}; use an id shown in [brackets] in the page.',
      });
    }
    const node = nodes.get(id);
    if (!node) {
      throw new SightlineError({
        code: 'NODE_NOT_FOUND',
        message: `No page node "${id}" in the current page context; use an id shown in [brackets].`,
        details: { nodeId: id },
      });
    }
    if (snapshot.isLive && !snapshot.isLive(id)) {
      throw new SightlineError({
        code: 'NODE_NOT_FOUND',
        message: `Page node "${id}" was removed from the page after this page context was read, so its data is out of date. Read the current page context and use an id it lists.`,
        details: { nodeId: id },
      });
    }
    const result: JsonObject = {
      id: node.id,
      type: node.type,
      data: node.data,
      tools: node.actions.map((action) => action.toolName),
      children: node.children.map((child): JsonObject => {
        const { title } = findTitle(child.data);
        return title
          ? { id: child.id, type: child.type, title }
          : { id: child.id, type: child.type };
      }),
    };
    if (node.details) {
      try {
        const details = await withTimeout(
          node.details(),
          timeoutMs,
          `The details of page node "${id}" did not arrive within ${timeoutMs} ms; use the data above, or call expand_node again later.`,
        );
        result.details = serializeValue(details, {
          maxBytes: maxDetailsBytes,
          maxEntries: 1000,
          maxStringLength: 4000,
          maxDepth: 8,
        });
      } catch (error) {
        result.details = toolErrorValue(error);
      }
    }
    return result;
  } catch (error) {
    return toolErrorValue(error);
  }
}

/** `work`, or a rejection with `TOOL_TIMEOUT` and `message` after `ms`; the timer is always cleared. */
function withTimeout<T>(work: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(new SightlineError({ code: 'TOOL_TIMEOUT', message, details: { timeoutMs: ms } })),
      ms,
    );
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
