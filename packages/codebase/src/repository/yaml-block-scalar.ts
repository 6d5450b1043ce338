/**
 * YAML block scalars (YAML 1.2, §8.1): a setting written `password: >-` or `key: |` has its value
 * on the more indented lines under it, and the header on its own line is no value.
 */

/** A block scalar's header: `|` or `>`, with a chomping (`+`, `-`) and an indentation indicator. */
const BLOCK_SCALAR_HEADER = /^[|>](?:[+-]?\d?|\d[+-])$/;

/**
 * Whether a setting's value, as written on its own line (comment taken off), opens a block scalar.
 * @param value - the value after the setting's `:`.
 * @returns true for `|`, `>`, `|-`, `>+`, `|2`, `>-2`, ….
 */
export function isBlockScalarHeader(value: string): boolean {
  return BLOCK_SCALAR_HEADER.test(value.trim());
}
