/**
 * A compaction plan: the history a policy proposes plus the store writes that must land first, so
 * that nothing leaves the context window before it is retrievable. Policies build plans without
 * side effects; the engine applies the writes, then adopts the messages.
 */
import type { ModelMessage } from 'ai';
import type { CompactionStore } from '../stores/compaction-store.js';
import type { CompactionMove } from './compaction-events.js';

/** Content to put in the store unless the path already holds an entry. */
export interface StoreWrite {
  /** Store path. */
  path: string;
  /** Full content. */
  content: string;
}

/** What a policy proposes. */
export interface CompactionPlan {
  /** The new history (unchanged messages are the same objects). */
  messages: ModelMessage[];
  /** Writes to apply before adopting `messages`. */
  writes: StoreWrite[];
  /** What moved out of the context and where it lives; empty when the plan changes nothing. */
  moved: CompactionMove[];
}

/**
 * Applies a plan's writes. An entry already present is left as it is: it was stored by an earlier
 * offload or compaction of the same tool call and holds the full content.
 * @param store - the store.
 * @param writes - writes from a {@link CompactionPlan}.
 * @returns when every write landed.
 * @throws whatever the store throws (e.g. SightlineError `STORE_PATH_INVALID`).
 */
export async function applyStoreWrites(
  store: CompactionStore,
  writes: readonly StoreWrite[],
): Promise<void> {
  for (const { path, content } of writes) {
    if (!(await store.stat(path))) await store.write(path, content);
  }
}
