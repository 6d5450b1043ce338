/**
 * Small formatting pieces model-facing tools share: cutting long lines, human-readable sizes, and
 * fitting a list of output lines into a token budget.
 */
import { countTokens } from './tokens.js';

/** Marks text that was cut. */
export const ELLIPSIS = '…';

/**
 * Cuts `line` to at most `maxChars` characters, ending it with `…` when cut.
 * @param line the text to cut.
 * @param maxChars characters to keep, ellipsis included (≥ 1).
 * @returns the line, and whether it was cut.
 */
export function cutLine(line: string, maxChars: number): { text: string; cut: boolean } {
  if (line.length <= maxChars) return { text: line, cut: false };
  return { text: `${line.slice(0, Math.max(0, maxChars - 1))}${ELLIPSIS}`, cut: true };
}

/**
 * Formats a size in bytes as `512 B`, `1.2 KB`, `3.4 MB` (1 KB = 1,024 bytes).
 * @param bytes a size in bytes (≥ 0).
 * @returns the size with one decimal from 1 KB on.
 */
export function formatBytes(bytes: number): string {
  if (bytes < 1_024) return `${bytes} B`;
  if (bytes < 1_048_576) return `${(bytes / 1_024).toFixed(1)} KB`;
  return `${(bytes / 1_048_576).toFixed(1)} MB`;
}

/**
 * Finds how many of `total` items fit: the largest `count` for which `render(count)` is at most
 * `maxTokens` tokens (o200k_base, counted exactly). Binary search, so `render` runs about
 * log2(total) + 1 times; it should grow with `count`.
 * @param total items available (≥ 0).
 * @param maxTokens token budget, in tokens.
 * @param render the output with the first `count` items.
 * @returns a count in `[0, total]`; 0 when not even one item fits.
 */
export function countFittingItems(
  total: number,
  maxTokens: number,
  render: (count: number) => string,
): number {
  if (countTokens(render(total)) <= maxTokens) return total;
  let low = 0;
  let high = total - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (countTokens(render(middle)) <= maxTokens) low = middle;
    else high = middle - 1;
  }
  return low;
}

/**
 * Digits of a positive integer, for aligning line numbers.
 * @param value the largest number to align; fractions are truncated, values below 1 count as 1.
 * @returns its number of decimal digits (≥ 1).
 */
export function digits(value: number): number {
  return String(Math.max(1, Math.trunc(value))).length;
}

/**
 * `1 match`, `2 matches`: a count with its noun.
 * @param count how many.
 * @param noun the singular.
 * @param plural the plural. Default `noun` + `s`.
 * @returns `"<count> <noun or plural>"`.
 */
export function pluralize(count: number, noun: string, plural = `${noun}s`): string {
  return `${count} ${count === 1 ? noun : plural}`;
}
