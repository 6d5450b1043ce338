/**
 * The React side of one registered node. Hooks write into its handle from effects; the handle
 * forwards to the registry once the node is registered and keeps the latest values until then.
 * React runs a child's effects before its parent's, so hooks inside a wrapped component fire
 * before the wrapper registers the node: the handle bridges that order. Nothing here is React
 * state, so no write ever causes a render.
 *
 * Several hooks may write one node: the owning component and unwrapped components below it. What
 * they declare is kept per registry and node id, each hook's facts and actions apart (merged by
 * `merge-facts.ts`), not in the handle: a hook may declare before the node registers (an action on
 * a node of one's own, an id settled a render later), and a handle created again by a hot update
 * finds everything declared for its id. One hook never overwrites another silently — a collision
 * warns in development and says what to do.
 *
 * Removal is deferred to a microtask and cancelled when a node with the same id registers first.
 * React's Fast Refresh (and StrictMode) runs a component's effect cleanups and setups back to back:
 * the node stays in place, keeps its children and its position (so tool names do not move), and
 * the agent never sees the page without it. A component that really unmounts is gone a microtask
 * later. Each handle removes only its own node: its children's components remove theirs.
 *
 * Two mounted components may give the same id: they share one node, which shows both one's facts
 * (the first rendered one's on a clash) and stays while any of them is mounted (a development
 * warning says so).
 */
import { PAGE_CONTEXT_NODE_ATTRIBUTE } from '../fallback/node-attribute.js';
import type { PageAction, PageContextRegistry, PageNodePatch } from '../types.js';
import { type FactsContribution, mergeFacts, type PageNodeFacts } from './merge-facts.js';
import { warnOnce } from './warn-once.js';

/** Mounted handles by registry and id, most recently registered last. */
const claims = new WeakMap<PageContextRegistry, Map<string, PageNodeHandle[]>>();

function claimsOf(registry: PageContextRegistry): Map<string, PageNodeHandle[]> {
  let byId = claims.get(registry);
  if (!byId) {
    byId = new Map();
    claims.set(registry, byId);
  }
  return byId;
}

/**
 * The mounted handle of a node id, for `usePageAction(name, { node })`.
 * @param registry - the provider's registry.
 * @param id - a node id returned by `usePageContext`.
 * @returns the handle, or `undefined` when no mounted component has registered it.
 */
export function findNodeHandle(
  registry: PageContextRegistry,
  id: string,
): PageNodeHandle | undefined {
  return claimsOf(registry).get(id)?.at(-1);
}

/** Handles by the element they describe (set while mounted): how a node finds its DOM parent. */
const byElement = new WeakMap<Element, PageNodeHandle>();

interface DeclaredAction {
  action: PageAction;
  /** The declaring hook. */
  token: string;
}

/** What hooks declared for one node id. */
interface Declarations {
  contributions: Map<string, FactsContribution>;
  actions: Map<string, DeclaredAction>;
}

const declared = new WeakMap<PageContextRegistry, Map<string, Declarations>>();

function declarationsOf(registry: PageContextRegistry, id: string): Declarations {
  let byId = declared.get(registry);
  if (!byId) {
    byId = new Map();
    declared.set(registry, byId);
  }
  let declarations = byId.get(id);
  if (!declarations) {
    declarations = { contributions: new Map(), actions: new Map() };
    byId.set(id, declarations);
  }
  return declarations;
}

const NOTHING_DECLARED: Declarations = { contributions: new Map(), actions: new Map() };

/** What is declared for an id, without creating an entry. */
function peekDeclarations(registry: PageContextRegistry, id: string): Declarations {
  return declared.get(registry)?.get(id) ?? NOTHING_DECLARED;
}

function forgetIfEmpty(registry: PageContextRegistry, id: string): void {
  const declarations = declared.get(registry)?.get(id);
  if (declarations?.contributions.size === 0 && declarations.actions.size === 0) {
    declared.get(registry)?.delete(id);
  }
}

/**
 * Stores one hook's facts for a node; the node shows them (merged with other hooks') once
 * registered. The registry skips unchanged data.
 * @param registry - the provider's registry.
 * @param id - the node's id.
 * @param token - the writing hook.
 * @param order - its render order (outer components first).
 * @param facts - what it declares now.
 */
export function declareFacts(
  registry: PageContextRegistry,
  id: string,
  token: string,
  order: number,
  facts: PageNodeFacts,
): void {
  declarationsOf(registry, id).contributions.set(token, { order, facts });
  findNodeHandle(registry, id)?.sync();
}

/** Drops one hook's facts (it unmounted, or writes to another node now). */
export function withdrawFacts(registry: PageContextRegistry, id: string, token: string): void {
  if (!peekDeclarations(registry, id).contributions.delete(token)) return;
  forgetIfEmpty(registry, id);
  findNodeHandle(registry, id)?.sync();
}

/**
 * Declares an action on a node (shown once the node is registered).
 * @param registry - the provider's registry.
 * @param id - the node's id.
 * @param token - the declaring hook.
 * @param name - the action's name.
 * @param action - the action.
 * @returns a function that removes it again.
 */
export function declareAction(
  registry: PageContextRegistry,
  id: string,
  token: string,
  name: string,
  action: PageAction,
): () => void {
  const { actions } = declarationsOf(registry, id);
  const existing = actions.get(name);
  if (existing && existing.token !== token) {
    warnOnce(
      `action:${id}:${name}`,
      `Two components declare action "${name}" on page node "${id}"; the later one replaces the earlier. Give the inner component a node of its own: const node = usePageContext(data, { type: '…', ref }); usePageAction('${name}', { …, node }).`,
    );
  }
  const entry = { action, token };
  actions.set(name, entry);
  findNodeHandle(registry, id)?.syncActions();
  return () => {
    if (actions.get(name) !== entry) return;
    actions.delete(name);
    forgetIfEmpty(registry, id);
    findNodeHandle(registry, id)?.syncActions();
  };
}

/** Handle of one node: id, parent, and the latest facts and actions its components declared. */
export class PageNodeHandle {
  private registered = false;
  private hasDetails = false;
  private facts: PageNodeFacts = { data: undefined };
  /** The nearest opted-in ancestor in the React tree (set on every render of the owner). */
  contextParent: PageNodeHandle | undefined;
  private describedElement: Element | null = null;
  /** The parent the node was registered with. */
  private parentId: string | undefined;

  constructor(
    private readonly registry: PageContextRegistry,
    readonly id: string,
    private readonly type: string,
    private readonly defaultPriority: number | undefined,
  ) {}

  /** The element this node describes, when known (the wrapper's, or the hook's `ref`). */
  get element(): Element | null {
    return this.describedElement;
  }

  set element(element: Element | null) {
    if (this.describedElement && byElement.get(this.describedElement) === this) {
      byElement.delete(this.describedElement);
    }
    this.describedElement = element;
    if (element) byElement.set(element, this);
  }

  /**
   * Registers the node with everything declared so far, taking it over from a same-id handle (and
   * cancelling a removal of the id still pending).
   */
  register(): void {
    const byId = claimsOf(this.registry);
    const holders = byId.get(this.id) ?? [];
    if (holders.some((holder) => holder !== this)) {
      warnOnce(
        `shared-id:${this.id}`,
        `Two mounted components register page node "${this.id}"; their facts are mixed into one node. Give each its own id (a \`key\` from what tells them apart, e.g. the row's id).`,
      );
    }
    byId.set(this.id, [...holders.filter((holder) => holder !== this), this]);
    this.write();
  }

  /** Re-registers under the parent found now, when it changed (a moved element, a new ancestor). */
  refreshParent(): void {
    if (this.registered && this.resolveParentId() !== this.parentId) this.write();
  }

  private write(): void {
    this.facts = this.mergedFacts();
    const { data, priority = this.defaultPriority } = this.facts;
    this.hasDetails = this.facts.details !== undefined;
    this.parentId = this.resolveParentId();
    this.registry.register({
      id: this.id,
      type: this.type,
      ...(this.parentId === undefined ? {} : { parentId: this.parentId }),
      ...(priority === undefined ? {} : { priority }),
      data,
      actions: this.actionRecord(),
      ...(this.hasDetails ? { details: this.details } : {}),
    });
    this.registered = true;
  }

  /**
   * The parent: the nearest opted-in element above this node's element when it lies inside the
   * React ancestor's (a node registered by a hook with a `ref` has no React context of its own, so
   * the DOM says what encloses it), else the nearest opted-in ancestor in the React tree (portals
   * included).
   */
  private resolveParentId(): string | undefined {
    const fromContext = this.contextParent;
    let element = this.element?.parentElement?.closest(`[${PAGE_CONTEXT_NODE_ATTRIBUTE}]`);
    while (element) {
      const id = element.getAttribute(PAGE_CONTEXT_NODE_ATTRIBUTE);
      const inside = !fromContext?.element || fromContext.element.contains(element);
      if (!inside) break;
      const handle = byElement.get(element);
      if (handle && handle !== this && handle.registry === this.registry && handle.id === id) {
        return id;
      }
      element = element.parentElement?.closest(`[${PAGE_CONTEXT_NODE_ATTRIBUTE}]`);
    }
    return fromContext?.id;
  }

  /**
   * Gives up this handle's claim: the node goes to another mounted handle with the same id, or
   * is removed (alone: children remove themselves) a microtask later unless registered again by
   * then.
   */
  unregister(): void {
    this.registered = false;
    const byId = claimsOf(this.registry);
    const others = (byId.get(this.id) ?? []).filter((holder) => holder !== this);
    const next = others.at(-1);
    if (next) {
      byId.set(this.id, others);
      next.write();
      return;
    }
    byId.delete(this.id);
    queueMicrotask(() => {
      if (!byId.has(this.id)) this.registry.unregister(this.id, { keepChildren: true });
    });
  }

  /** The facts of every hook writing this node, merged; warns about what collided. */
  private mergedFacts(): PageNodeFacts {
    const { facts, collisions } = mergeFacts(
      peekDeclarations(this.registry, this.id).contributions.values(),
    );
    for (const key of collisions) {
      warnOnce(
        `facts:${this.id}:${key}`,
        `Two components write ${key.startsWith('(') ? `the ${key.slice(1, -1)}` : `"${key}"`} of page node "${this.id}" (usePageContext with no type adds to the nearest opted-in ancestor); the outer one's is kept. Give the inner component a node of its own: usePageContext(data, { type: '…', ref }).`,
      );
    }
    return facts;
  }

  /** Forwards the merged facts of its id's hooks when registered (unchanged data is skipped). */
  sync(): void {
    this.facts = this.mergedFacts();
    if (!this.registered) return;
    const { facts } = this;
    const patch: PageNodePatch = {
      data: facts.data,
      priority: facts.priority ?? this.defaultPriority ?? 0,
    };
    const hasDetails = facts.details !== undefined;
    if (hasDetails !== this.hasDetails) {
      this.hasDetails = hasDetails;
      patch.details = hasDetails ? this.details : undefined;
    }
    this.registry.update(this.id, patch);
  }

  private actionRecord(): Record<string, PageAction> {
    const { actions } = peekDeclarations(this.registry, this.id);
    return Object.fromEntries([...actions].map(([name, { action }]) => [name, action]));
  }

  /** Forwards the declared actions of its id when registered. */
  syncActions(): void {
    if (this.registered) this.registry.update(this.id, { actions: this.actionRecord() });
  }

  /** Stable details function: always calls the components' latest one. */
  private readonly details = (): unknown => this.facts.details?.();
}
