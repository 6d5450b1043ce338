/**
 * The public shapes of page context: what a component registers, what a snapshot holds, and what
 * the formatter, diff and tools consume. Framework-free; the React binding builds on these.
 *
 * Design (after getsentry/sentry `static/app/views/seerExplorer/contexts/llmContextTypes.ts`):
 * nodes are stored flat with a `parentId`; the tree is assembled only when a snapshot is taken, so
 * a child registered before its parent is never lost.
 */
import type { z } from 'zod';

/** A value that survives `JSON.stringify` unchanged: what node data becomes once serialized. */
export type JsonValue = null | boolean | number | string | JsonValue[] | JsonObject;

/** A JSON object (see {@link JsonValue}). */
export interface JsonObject {
  [key: string]: JsonValue;
}

/** What a running action's handler can do besides returning its result. */
export interface PageActionContext {
  /**
   * Reports how far the action got (`Exporting 40 of 120 rows`); the chat panel shows the latest
   * message under the tool call while it runs. Outside the chat panel it does nothing.
   */
  reportProgress(message: string): void;
}

/**
 * When a tool call of an action waits for the user's answer (human in the loop, as CopilotKit's
 * render-and-wait): `true` always; `'if-untrusted'` when the page context the model read holds
 * user-written content (see `userContent`), so text a user typed cannot make the model act
 * unseen; `false` (default) never.
 */
export type PageActionConfirm = boolean | 'if-untrusted';

/**
 * Something the agent may do on the page, declared by a node.
 * `handler` uses method syntax on purpose, so an action typed for its own input is assignable to
 * `PageAction` (use {@link definePageAction} to infer `Input` from the schema).
 */
export interface PageAction<Input = unknown> {
  /** One line for the model: what the action does. */
  description: string;
  /** zod@4 schema of the action's input; validated before `handler` runs. */
  input: z.ZodType<Input>;
  /**
   * Does the action. Its result (or thrown error) is returned to the model as a value.
   * @param input - the validated input.
   * @param context - `reportProgress(message)` while it runs.
   */
  handler(input: Input, context: PageActionContext): unknown;
  /** False: the agent is not offered the action now (no tool). Default true. */
  enabled?: boolean;
  /** Whether a tool call waits for the user's confirmation first. Default false. */
  confirm?: PageActionConfirm;
}

/** Fetches a node's full detail on demand (all rows of a table, a chart's raw series). */
export type PageNodeDetails = () => unknown;

/** What a component registers. */
export interface PageNodeInput {
  /** Stable id; generated (`<prefix><n>`) when absent. Registering an existing id replaces it. */
  id?: string;
  /** What the node is, e.g. `dashboard`, `widget`, `issue-table`. Shown in headings. */
  type: string;
  /** Id of the enclosing node; it may register later. Absent: the node is a root. */
  parentId?: string;
  /** Importance, default 0; higher is kept longer when a token budget forces cuts. */
  priority?: number;
  /** The node's facts. Serialized safely (see `serializeValue`) at registration and update. */
  data?: unknown;
  /** Actions by name (name: `^[a-zA-Z0-9_-]+$` is safest; other characters are replaced). */
  actions?: Readonly<Record<string, PageAction>>;
  /** Full detail fetched only when the agent calls `expand_node`. */
  details?: PageNodeDetails;
}

/** What {@link PageContextRegistry.update} may change. Absent fields are left as they are. */
export interface PageNodePatch {
  /** Replaces the node's data (not merged). */
  data?: unknown;
  /** New priority. */
  priority?: number;
  /** Replaces the node's actions. */
  actions?: Readonly<Record<string, PageAction>>;
  /** Replaces the node's details function. */
  details?: PageNodeDetails;
}

/** Where the user is: route name (or path pattern), its parameters and the query string. */
export interface PageLocation {
  /** Route name or pattern, e.g. `issues/:issueId` or `issue-detail`. */
  route: string;
  /** Route parameters, e.g. `{ issueId: 'SL-42' }`. */
  params?: Readonly<Record<string, string>>;
  /** Query parameters, e.g. `{ env: 'production' }`. */
  query?: Readonly<Record<string, string | readonly string[]>>;
}

/** Called after every change of a registry, with its new version. */
export type PageContextListener = (version: number) => void;

/** Flat store of page nodes; see `createPageContextRegistry`. */
export interface PageContextRegistry {
  /** Increases by one on every real change (register, changed update, unregister, location). */
  readonly version: number;
  /**
   * Adds a node (or replaces the node with the same id, keeping its children).
   * @returns the node's id (the given one or a generated one).
   * @throws SightlineError `INVALID_ARGUMENT` for an empty or non-string id or type, a node naming
   * itself as its parent, a non-finite priority or a malformed action (a configuration mistake).
   */
  register(node: PageNodeInput): string;
  /**
   * Changes a node. Data is compared structurally (by its serialized form); priority by value;
   * actions by name, description and schema. A new handler or details function is stored but is no
   * change by itself (what the agent sees is the same).
   * @returns true when something visible changed (and the version was bumped); false otherwise,
   * including when the id is unknown.
   * @throws SightlineError `INVALID_ARGUMENT` for a non-finite priority or a malformed action.
   */
  update(id: string, patch: PageNodePatch): boolean;
  /**
   * Removes a node and all its descendants; with `keepChildren`, the node alone (its children stay,
   * shown at the root with `missingParentId` until a node with that id registers again — what the
   * React binding does, since each component removes its own node when it unmounts).
   * @returns false when the id is unknown.
   */
  unregister(id: string, options?: { keepChildren?: boolean }): boolean;
  /** Sets the current location; an equal location is no change. */
  setLocation(location: PageLocation | undefined): void;
  /** True when a node with this id is registered. */
  has(id: string): boolean;
  /** Number of registered nodes. */
  readonly size: number;
  /** Assembles the tree at read time. */
  snapshot(): PageSnapshot;
  /**
   * Calls `listener` synchronously after every change (for inspectors; the send path never needs
   * it). A throwing listener is reported asynchronously and does not stop the others.
   * @returns a function that unsubscribes.
   */
  subscribe(listener: PageContextListener): () => void;
}

/** JSON Schema object as produced by `z.toJSONSchema`. */
export type JsonSchemaObject = Readonly<Record<string, unknown>>;

/** An action as it appears in a snapshot. */
export interface PageSnapshotAction {
  /** The action's name as declared by the node. */
  name: string;
  /** The action's description. */
  description: string;
  /** JSON Schema of the input (draft 2020-12, from `z.toJSONSchema`). */
  inputSchema: JsonSchemaObject;
  /** Tool name, unique within the snapshot, `^[a-zA-Z0-9_-]{1,64}$`: `<action>`, or `<id>__<action>` when an earlier node declares the action (see `actions/tool-name.ts`). */
  toolName: string;
  /** Whether a tool call waits for the user's confirmation (absent: never). */
  confirm?: PageActionConfirm;
  /**
   * Validates `input` with the action's schema and runs the node's current handler.
   * Never throws: invalid input, a missing node or a failing handler become `{ error }` values;
   * a result is serialized and capped at 4 KB (`undefined` becomes `{ ok: true }`).
   * @param input - what the model sent.
   * @param context - progress reporting (default: ignored).
   */
  run(input: unknown, context?: Partial<PageActionContext>): Promise<JsonValue>;
}

/** A node of a snapshot's tree. */
export interface PageSnapshotNode {
  /** The node's id (pass it to `expand_node`). */
  id: string;
  /** The node's type. */
  type: string;
  /** Priority, 0 when not given; higher is more important. */
  priority: number;
  /** The node's data, serialized safely. `null` when it declared none. */
  data: JsonValue;
  /** Declared actions that are enabled now, in declaration order. */
  actions: PageSnapshotAction[];
  /** True when the node can be expanded with `expand_node`. */
  hasDetails: boolean;
  /** Fetches the node's current details (raw value; `expand_node` serializes and caps it). */
  details?: () => Promise<unknown>;
  /** Child nodes, in registration order. */
  children: PageSnapshotNode[];
  /**
   * Set when the node names a parent that is not registered (or its parents form a cycle): the node
   * is then shown at the root instead of being lost.
   */
  missingParentId?: string;
}

/** The page as the agent sees it at one moment. May hold functions (`run`, `details`). */
export interface PageSnapshot {
  /** Registry version the snapshot was taken at. */
  version: number;
  /** When it was taken, ms since the Unix epoch. */
  takenAt: number;
  /** Current location, if set. */
  location?: PageLocation;
  /** Top-level nodes, in registration order. */
  roots: PageSnapshotNode[];
  /** Number of nodes in the tree. */
  nodeCount: number;
  /**
   * Whether a node id is still registered now (looked up in the registry at call time, like `run`
   * and `details`). Absent on hand-built snapshots, which `expand_node` then treats as live.
   */
  isLive?: (id: string) => boolean;
}

/** JSON form of an action (no `run`). */
export type PageSnapshotActionJson = Omit<PageSnapshotAction, 'run'>;

/** JSON form of a node (no functions). */
export interface PageSnapshotNodeJson
  extends Omit<PageSnapshotNode, 'actions' | 'details' | 'children'> {
  actions: PageSnapshotActionJson[];
  children: PageSnapshotNodeJson[];
}

/** JSON form of a snapshot: what `toJSON` returns, safe for `JSON.stringify` and transport. */
export interface PageSnapshotJson extends Omit<PageSnapshot, 'roots' | 'isLive'> {
  roots: PageSnapshotNodeJson[];
}
