/**
 * Binary detection shared by report intake (bytes given as a report) and the repository walk
 * (files not worth reading).
 */

/** Bytes inspected to decide whether content is binary. */
export const BINARY_SNIFF_BYTES = 16_384;

/**
 * True when content looks binary: a NUL byte in its first {@link BINARY_SNIFF_BYTES} bytes (the
 * heuristic git uses to tell binary from text).
 * @param head the content's first bytes; bytes past {@link BINARY_SNIFF_BYTES} are not looked at.
 */
export function looksBinary(head: Uint8Array): boolean {
  return head.subarray(0, BINARY_SNIFF_BYTES).includes(0);
}
