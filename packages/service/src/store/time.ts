/** Timestamps as the store keeps them: ISO 8601 UTC text, which sorts in time order. */
export function nowIso(): string {
  return new Date().toISOString();
}

/** `ms` milliseconds after now, as a store timestamp. */
export function isoAfter(ms: number): string {
  return new Date(Date.now() + ms).toISOString();
}
