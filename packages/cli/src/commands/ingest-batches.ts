/**
 * Cutting what `sightline ingest --url` sends into requests the service's API takes: a request
 * holds at most so many reports and so many bytes, so a file of many reports goes in several
 * requests, in file order.
 */

/** Limits of one request. */
export interface BatchLimits {
  /** Most items a batch holds. */
  maxCount: number;
  /** Largest batch, bytes: `baseBytes` plus its items' sizes plus one separator byte between two. */
  maxBytes: number;
  /** Bytes every batch takes besides its items (the body's envelope). Default 0. */
  baseBytes?: number;
}

/**
 * Cuts items, in order, into consecutive batches within `limits`. An item too large for any
 * batch is a batch of its own, so the receiver refuses it by name instead of it being dropped.
 * @param sizes - each item's size, bytes, in order.
 * @param limits - see {@link BatchLimits}.
 * @returns each batch as `[start, end)` indexes into `sizes`, covering every item once, in order;
 *   none for no items.
 */
export function batchRanges(
  sizes: readonly number[],
  { maxCount, maxBytes, baseBytes = 0 }: BatchLimits,
): [number, number][] {
  const ranges: [number, number][] = [];
  let start = 0;
  let bytes = baseBytes;
  sizes.forEach((size, index) => {
    const count = index - start;
    const added = count === 0 ? size : size + 1;
    if (count > 0 && (count >= maxCount || bytes + added > maxBytes)) {
      ranges.push([start, index]);
      start = index;
      bytes = baseBytes + size;
    } else {
      bytes += added;
    }
  });
  if (sizes.length > start) ranges.push([start, sizes.length]);
  return ranges;
}
