/**
 * The Rust crates a repository defines, read from its `Cargo.toml` (and its workspace members'):
 * package, library and binary names, as they appear in symbols (`my-app` is `my_app::…`). A
 * backtrace frame with no file but a symbol of one of these crates is the repository's own code
 * (doc.rust-lang.org/cargo/reference/manifest.html, `[package]`, `[lib]`, `[[bin]]`,
 * `[workspace] members`).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'smol-toml';
import { glob } from 'tinyglobby';

type Table = Record<string, unknown>;

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
  const targets = [
    manifest.package,
    manifest.lib,
    ...(Array.isArray(manifest.bin) ? manifest.bin : []),
  ];
  for (const target of targets) {
    if (isTable(target) && typeof target.name === 'string')
      names.add(target.name.replace(/-/g, '_'));
  }
}

/**
 * Reads the crate names a repository defines.
 * @param root - the repository's root folder.
 * @returns crate names with `-` written `_` (empty when there is no readable `Cargo.toml`).
 */
export async function readCrateNames(root: string): Promise<string[]> {
  const manifest = await readManifest(path.join(root, 'Cargo.toml'));
  if (!manifest) return [];
  const names = new Set<string>();
  addCrateNames(manifest, names);
  const workspace = isTable(manifest.workspace) ? manifest.workspace : {};
  const members = Array.isArray(workspace.members)
    ? workspace.members.filter((member): member is string => typeof member === 'string')
    : [];
  if (members.length > 0) {
    const folders = await glob(members, {
      cwd: root,
      onlyDirectories: true,
      expandDirectories: false,
      followSymbolicLinks: false,
    });
    for (const folder of folders) {
      const member = await readManifest(path.join(root, folder, 'Cargo.toml'));
      if (member) addCrateNames(member, names);
    }
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
