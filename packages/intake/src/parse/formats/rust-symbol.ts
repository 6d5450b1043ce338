/** Rust symbols as backtraces print them once demangled. */

/** The hash the legacy mangling puts after a Rust symbol's path: `::h` and 16 hex digits. */
const RUST_HASH = /::h[0-9a-f]{16}$/;

/**
 * A Rust symbol without its hash, `app::main::h1a2b3c4d5e6f7a8b` → `app::main`: the hash names a
 * build, not the function, so the same function in two builds is one name.
 * @param symbol a demangled symbol (any other name is given back as it is).
 * @returns the symbol less a trailing `::h<16 hex>`.
 */
export function withoutRustHash(symbol: string): string {
  return symbol.replace(RUST_HASH, '');
}
