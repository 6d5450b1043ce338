/**
 * The Rust crates a repository defines, read from its `Cargo.toml` files (the root one and every
 * other one the repository holds: workspace members, nested crates): package, library and binary
 * names, as they appear in symbols (`my-app` is `my_app::…`). A backtrace frame with no file but a
 * symbol of one of these crates is the repository's own code
 * (doc.rust-lang.org/cargo/reference/manifest.html, `[package]`, `[lib]`, `[[bin]]`).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'smol-toml';

type Table = Record<string, unknown>;

/** Folders whose manifests are other people's crates (vendored sources, build output). */
const FOREIGN = /(?:^|\/)(?:vendor|third_party|target)\//;

const isTable = (value: unknown): value is Table =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A manifest's tables, or `null` when the file is missing or not valid TOML. */
async function readManifest(file: string): Promise<Table | null> {
  try {
    return parse(await readFile(file, 'utf8'));
  } catch {
    return null;
  }
}

function addCrateNames(manifest: Table, names: Set<string>): void {
  const bins = Array.isArray(manifest.bin) ? manifest.bin : [];
  for (const target of [manifest.package, manifest.lib, ...bins]) {
    if (isTable(target) && typeof target.name === 'string') {
      names.add(target.name.replace(/-/g, '_'));
    }
  }
}

/**
 * Reads the crate names a repository defines.
 * @param root - the repository's root folder.
 * @param files - the repository's files (relative, `/` separators); their `Cargo.toml` files are
 *   read besides the root one, except under `vendor/`, `third_party/` and `target/`.
 * @returns crate names with `-` written `_` (empty when there is no readable `Cargo.toml`).
 */
export async function readCrateNames(root: string, files: readonly string[]): Promise<string[]> {
  const manifests = new Set(['Cargo.toml']);
  for (const file of files) {
    if ((file === 'Cargo.toml' || file.endsWith('/Cargo.toml')) && !FOREIGN.test(file)) {
      manifests.add(file);
    }
  }
  const names = new Set<string>();
  for (const manifest of manifests) {
    const table = await readManifest(path.join(root, manifest));
    if (table) addCrateNames(table, names);
  }
  return [...names];
}

/**
 * True when a Rust symbol belongs to one of `crates`: its first path segment, after any `<`,
 * `&` or `dyn ` of a trait implementation (`<my_app::App as core::ops::Drop>::drop`), is one.
 */
export function isCrateSymbol(symbol: string, crates: ReadonlySet<string>): boolean {
  const bare = symbol.replace(/^(?:[<&*\s]|mut |dyn |impl )+/, '');
  const first = bare.slice(0, bare.indexOf('::'));
  return first !== '' && crates.has(first);
}
