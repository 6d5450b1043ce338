/**
 * Builds small RepositoryIndex objects by hand for the repository-map unit tests.
 */
import type { Definition, DefinitionKind, IndexedFile, Reference, RepositoryIndex } from '../types.js';

/** A definition written compactly: name, first line, last line, kind, scope. */
export interface HandDefinition {
  name: string;
  lines?: [number, number];
  kind?: DefinitionKind;
  scope?: string[];
  signature?: string;
}

/** A file written compactly: its definitions and the names it references (one per line). */
export interface HandFile {
  definitions?: (string | HandDefinition)[];
  references?: string[];
}

/** Turns `{ path: HandFile }` into a RepositoryIndex rooted at `/repo`. */
export function handIndex(files: Record<string, HandFile>): RepositoryIndex {
  const indexed = new Map<string, IndexedFile>();
  for (const [path, file] of Object.entries(files)) {
    const definitions: Definition[] = (file.definitions ?? []).map((entry, i) => {
      const hand = typeof entry === 'string' ? { name: entry } : entry;
      const kind = hand.kind ?? 'function';
      return {
        name: hand.name,
        kind,
        path,
        lines: hand.lines ?? [i * 10 + 1, i * 10 + 5],
        scope: hand.scope ?? [],
        signature: hand.signature ?? `${kind === 'function' ? 'function ' : ''}${hand.name}()`,
      };
    });
    const references: Reference[] = (file.references ?? []).map((name, i) => ({ name, path, line: i + 1 }));
    const lineCount = Math.max(1, ...definitions.map((d) => d.lines[1]), references.length);
    indexed.set(path, { path, language: 'typescript', size: 0, lineCount, mtimeMs: 0, definitions, references });
  }
  return { root: '/repo', files: indexed, skipped: [] };
}
