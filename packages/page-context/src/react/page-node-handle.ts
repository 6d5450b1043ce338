/**
 * The React side of one registered node. A component's hooks write into its handle from effects;
 * the handle forwards to the registry once the node is registered and keeps the latest values
 * until then. React runs a child's effects before its parent's, so `usePageContext` inside a
 * wrapped component fires before the wrapper registers the node: the handle bridges that order.
 * Nothing here is React state, so no write ever causes a render.
 *
 * Two mounted components may give the same id (`withPageContext(…, { id })` from props that repeat):
 * they share one node. The node shows the facts of the one that registered or wrote last, and stays
 * while any of them is mounted: unmounting one hands the node back to another instead of removing
 * it (and every child of the other) from the registry.
 */
import type { PageAction, PageContextRegistry, PageNodeDetails, PageNodePatch } from '../types.js';

/** What `usePageContext` pushes. */
export interface PageNodeFacts {
  /** The node's data. */
  data: unknown;
  /** Fetches full detail on demand; absent: the node cannot be expanded. */
  details?: PageNodeDetails;
  /** Priority set by the component; overrides the wrapper's static priority. */
  priority?: number;
}

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

/** Handle of one node: id, parent, and the latest facts and actions its component declared. */
export class PageNodeHandle {
  private facts: PageNodeFacts = { data: undefined };
  private readonly actions = new Map<string, PageAction>();
  private registered = false;
  private hasDetails = false;

  constructor(
    private readonly registry: PageContextRegistry,
    readonly id: string,
    private readonly type: string,
    private readonly parentId: string | undefined,
    private readonly defaultPriority: number | undefined,
  ) {}

  /** Registers the node with everything declared so far (taking it over from a same-id handle). */
  register(): void {
    this.write();
    const byId = claimsOf(this.registry);
    const holders = byId.get(this.id) ?? [];
    byId.set(this.id, [...holders.filter((holder) => holder !== this), this]);
  }

  private write(): void {
    const { data, priority = this.defaultPriority } = this.facts;
    this.hasDetails = this.facts.details !== undefined;
    this.registry.register({
      id: this.id,
      type: this.type,
      ...(this.parentId === undefined ? {} : { parentId: this.parentId }),
      ...(priority === undefined ? {} : { priority }),
      data,
      actions: Object.fromEntries(this.actions),
      ...(this.hasDetails ? { details: this.details } : {}),
    });
    this.registered = true;
  }

  /**
   * Removes the node and its subtree from the registry, or, while another mounted handle has the
   * same id, hands the node to it (its facts, parent and actions replace this one's).
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
    this.registry.unregister(this.id);
  }

  /** Stores new facts; forwards them when registered (the registry skips unchanged data). */
  setFacts(facts: PageNodeFacts): void {
    this.facts = facts;
    if (!this.registered) return;
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

  /**
   * Declares an action.
   * @returns a function that removes it again.
   */
  addAction(name: string, action: PageAction): () => void {
    this.actions.set(name, action);
    this.syncActions();
    return () => {
      if (this.actions.get(name) !== action) return;
      this.actions.delete(name);
      this.syncActions();
    };
  }

  private syncActions(): void {
    if (this.registered)
      this.registry.update(this.id, { actions: Object.fromEntries(this.actions) });
  }

  /** Stable details function: always calls the component's latest one. */
  private readonly details = (): unknown => this.facts.details?.();
}
