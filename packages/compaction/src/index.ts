/** @sightline/compaction — keeps long agent runs inside the context window. */
export {};
