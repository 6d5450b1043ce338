/**
 * The Markdown block of one node: `## <type>: <title>` (deeper nodes get deeper headings), with
 * ` [<id>]` only when the agent can use the id (an id equal to the type replaces it: `## [filters]`) — the node has details for `expand_node` or actions
 * (whose tools carry the id when their name needs it) — then its facts, in full or shortened to three
 * facts when a token budget needs room. Every token carries a fact: no legend, no ids nobody calls,
 * no line repeating tool names the tool definitions already give.
 *
 * Blocks are cached per data object: a registry keeps a node's serialized data object until the
 * data changes, so consecutive snapshots of a page re-render only the nodes that changed. (Snapshot
 * data is therefore treated as immutable.)
 */

import type { PageSnapshotNodeJson } from '../types.js';
import { findTitle, formatData, oneLine } from './format-data.js';

/** Table caps of a rendering. */
export interface BlockCaps {
  maxTableRows: number;
  maxTableColumns: number;
}

/** A node's block in both forms. */
export interface NodeBlock {
  full: string;
  /** Heading, tools and at most three facts; equals `full` when that is no shorter. */
  readonly summary: string;
}

/** What a cached block was rendered from, besides the data object that keys the cache. */
interface CachedBlock {
  type: string;
  id: string;
  addressable: boolean;
  depth: number;
  caps: BlockCaps;
  block: NodeBlock;
}

const cache = new WeakMap<object, CachedBlock>();

/**
 * Renders (or reuses) the block of a node.
 * @param node - the node (its children are not rendered here).
 * @param depth - 0 for roots; headings are `##` at depth 0, up to `######`.
 * @param caps - table caps.
 * @returns the full block and a lazily rendered summary.
 */
export function nodeBlock(node: PageSnapshotNodeJson, depth: number, caps: BlockCaps): NodeBlock {
  const { data } = node;
  if (typeof data !== 'object' || data === null) return renderBlock(node, depth, caps);
  const addressable = isAddressable(node);
  const cached = cache.get(data);
  if (
    cached &&
    cached.type === node.type &&
    cached.id === node.id &&
    cached.addressable === addressable &&
    cached.depth === depth &&
    cached.caps.maxTableRows === caps.maxTableRows &&
    cached.caps.maxTableColumns === caps.maxTableColumns
  ) {
    return cached.block;
  }
  const block = renderBlock(node, depth, caps);
  const { type, id } = node;
  cache.set(data, { type, id, addressable, depth, caps, block });
  return block;
}

function renderBlock(node: PageSnapshotNodeJson, depth: number, caps: BlockCaps): NodeBlock {
  const { title, titleKey } = findTitle(node.data);
  const hashes = '#'.repeat(Math.min(depth + 2, 6));
  // An id equal to the type is written once, as the bracketed type: `## [filters]`.
  const typeIsId = isAddressable(node) && node.id === node.type;
  const label = typeIsId ? `[${oneLine(node.type)}]` : oneLine(node.type);
  const id = isAddressable(node) && !typeIsId ? ` [${oneLine(node.id)}]` : '';
  const head = `${hashes} ${label}${title ? `: ${title}` : ''}${id}`;
  const lines = formatData(node.data, { ...caps, omitKey: titleKey });
  const full = lines.length > 0 ? `${head}\n${lines.join('\n')}` : head;
  let summary: string | undefined;
  return {
    full,
    get summary() {
      if (summary === undefined) {
        const facts = formatData(node.data, { ...caps, omitKey: titleKey, summary: true });
        const short = facts.length > 0 ? `${head}\n${facts.join('\n')}` : head;
        summary = short.length < full.length ? short : full;
      }
      return summary;
    },
  };
}

/**
 * Whether the agent has a use for a node's id: `expand_node` returns more than the Markdown shows
 * (details), or tools act on it.
 * @param node - a snapshot node.
 */
export function isAddressable(node: Pick<PageSnapshotNodeJson, 'hasDetails' | 'actions'>): boolean {
  return node.hasDetails || node.actions.length > 0;
}
