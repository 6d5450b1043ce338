/**
 * The package clause and imports of a Go file, read from its syntax tree: what the repository map
 * needs to resolve `pkg.Name` to the folder `pkg` is imported from, and to keep an unqualified
 * name inside its own package (The Go Programming Language Specification, "Packages" and
 * "Import declarations").
 */
import type { Node } from 'web-tree-sitter';
import type { ImportSpec } from './types.js';

/** What a Go file declares about its package. */
export interface GoPackageClause {
  package?: string;
  imports: ImportSpec[];
}

function importSpec(node: Node): ImportSpec | undefined {
  const pathNode = node.childForFieldName('path');
  if (!pathNode) return undefined;
  const path = pathNode.text.replace(/^["`]|["`]$/g, '');
  const alias = node.childForFieldName('name')?.text;
  return alias ? { path, alias } : { path };
}

/**
 * Reads the package clause and the import specs of a parsed Go file.
 * @param root - the tree's root (`source_file`).
 * @returns the package name (absent when the file has no clause) and the imports in order.
 */
export function readGoPackage(root: Node): GoPackageClause {
  const clause: GoPackageClause = { imports: [] };
  for (const child of root.namedChildren) {
    if (!child) continue;
    if (child.type === 'package_clause') {
      clause.package = child.namedChildren.find(
        (node) => node?.type === 'package_identifier',
      )?.text;
    } else if (child.type === 'import_declaration') {
      for (const node of child.namedChildren) {
        if (!node) continue;
        const specs =
          node.type === 'import_spec_list'
            ? node.namedChildren.filter((item) => item?.type === 'import_spec')
            : [node];
        for (const spec of specs) {
          const read = spec ? importSpec(spec) : undefined;
          if (read) clause.imports.push(read);
        }
      }
    }
  }
  return clause;
}
