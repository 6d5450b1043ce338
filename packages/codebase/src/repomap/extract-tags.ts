/**
 * Turns one parsed file into definitions and references, the way aider's repository map reads
 * tags queries (Paul Gauthier, "Building a better repository map with tree sitter", aider.chat,
 * 2023): `@name` is the symbol, `@definition.<kind>` / `@reference.<kind>` the node it belongs
 * to. Sightline adds `@scope` for nodes that only scope their children (Rust `impl` blocks),
 * computes enclosing scopes from definition ranges, and promotes functions inside classes to methods.
 */

import { WITHHELD_PREFIX } from '@sightline/core';
import type { Node, Parser } from 'web-tree-sitter';
import {
  CONTAINER_KINDS,
  definitionKind,
  definitionNode,
  kindSpecificity,
} from './definition-kind.js';
import { readGoPackage } from './go-package.js';
import type { Grammar } from './grammars.js';
import { withExportMacrosAsMethods } from './objc-export-macros.js';
import type { Definition, DefinitionKind, ImportSpec, Reference } from './types.js';

/** Definitions and references of one file. */
export interface FileTags {
  /** Sorted by position. */
  definitions: Definition[];
  /** Sorted by position; a name that is a definition's own name is not a reference. */
  references: Reference[];
  /** Go: the declared package and the imports. */
  package?: string;
  imports?: ImportSpec[];
}

/** Captures naming a definition's qualifier: Sightline's `@qualifier`, tree-sitter-cpp's `@local.scope`. */
const QUALIFIER_CAPTURES = new Set(['qualifier', 'local.scope']);

/** Longest signature kept, in characters. */
const MAX_SIGNATURE_CHARS = 200;
/** Most source lines a signature spans (long parameter lists are cut there). */
const MAX_SIGNATURE_LINES = 6;

interface Span {
  name: string;
  /** `null` for scope-only nodes (`@scope`). */
  kind: DefinitionKind | null;
  start: number;
  end: number;
  startRow: number;
  endRow: number;
  nameRow: number;
  /** Qualifier written outside the definition's range: a Go receiver type, a C++ `Type::`. */
  qualifier?: string;
}

function roleOf(name: string): 'definition' | 'reference' | 'scope' | null {
  if (name.startsWith('definition.')) return 'definition';
  if (name.startsWith('reference.')) return 'reference';
  return name === 'scope' ? 'scope' : null;
}

function span(name: string, kind: DefinitionKind | null, node: Node, nameNode: Node): Span {
  const { row: startRow } = node.startPosition;
  const { row, column } = node.endPosition;
  return {
    name,
    kind,
    start: node.startIndex,
    end: node.endIndex,
    startRow,
    // A node that ends with its newline (`#define X 1\n`) ends on the line before.
    endRow: column === 0 && row > startRow ? row - 1 : row,
    nameRow: nameNode.startPosition.row,
  };
}

/** Offsets where each line of `text` starts. */
function lineStartsOf(text: string): number[] {
  const starts = [0];
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) {
    starts.push(index + 1);
  }
  return starts;
}

/**
 * The first line(s) of a definition, trimmed and joined: from its first line through its name,
 * continued while brackets stay open (multi-line parameter lists), without a trailing `{`; a line
 * the secret gate withheld ends it.
 * @param text the file's content.
 * @param lineStarts offsets where each line of `text` starts.
 * @returns at most {@link MAX_SIGNATURE_CHARS} characters.
 */
function signatureOf(
  text: string,
  lineStarts: readonly number[],
  { startRow, endRow, nameRow }: Span,
): string {
  let signature = '';
  let depth = 0;
  const lastRow = Math.min(endRow, startRow + MAX_SIGNATURE_LINES - 1, lineStarts.length - 1);
  for (let row = startRow; row <= lastRow; row++) {
    const line = text.slice(lineStarts[row], lineStarts[row + 1] ?? text.length).trim();
    for (const char of line) {
      if (char === '(' || char === '[') depth++;
      else if (char === ')' || char === ']') depth--;
    }
    if (line) signature = signature ? `${signature} ${line}` : line;
    // A withheld line hides its brackets too: the signature ends at its note rather than run on
    // into the body (fresh-user trial 44: a password default's line closed the parameter list).
    if (line.startsWith(WITHHELD_PREFIX)) break;
    if ((row >= nameRow && depth <= 0) || signature.length >= MAX_SIGNATURE_CHARS) break;
  }
  // `.replace(/\s*\{$/, '')` without its retries: from each space of a long run (a minified line)
  // it read to the run's end.
  if (signature.endsWith('{')) signature = signature.slice(0, -1).trimEnd();
  return signature.length > MAX_SIGNATURE_CHARS
    ? `${signature.slice(0, MAX_SIGNATURE_CHARS - 1)}…`
    : signature;
}

/** A definition found in a file, before its signature is cut. */
interface ScopedSpan {
  span: Span;
  scope: string[];
  kind: DefinitionKind;
}

/**
 * Fills `scope` (outermost first) from containing spans and promotes functions in classes to
 * methods. A named function or class expression bound to its own name on the line the binding
 * starts (`const foo = function foo() {}`, `exports.run = function run() {}`,
 * `{ parse: function parse() {} }`, `const Bar = class Bar {}`) is tagged through both names; it
 * is one definition: the binding's, with the more specific kind of the two, scoping what the
 * expression holds.
 */
function resolveScopes(spans: Span[]): ScopedSpan[] {
  spans.sort((a, b) => a.start - b.start || b.end - a.end);
  const stack: Span[] = [];
  const result: ScopedSpan[] = [];
  const resolved = new Map<Span, ScopedSpan>();
  for (const current of spans) {
    while (stack.length > 0) {
      const top = stack[stack.length - 1] as Span;
      const contains =
        top.start <= current.start &&
        current.end <= top.end &&
        !(top.start === current.start && top.end === current.end);
      if (contains) break;
      stack.pop();
    }
    const parent = stack[stack.length - 1];
    const binding = parent && resolved.get(parent);
    if (
      current.kind &&
      binding &&
      parent.name === current.name &&
      parent.startRow === current.startRow
    ) {
      if (kindSpecificity(current.kind) > kindSpecificity(binding.kind))
        binding.kind = current.kind;
      continue;
    }
    if (current.kind) {
      const promoted =
        current.kind === 'function' &&
        parent &&
        (parent.kind === null || CONTAINER_KINDS.has(parent.kind));
      const entry: ScopedSpan = {
        span: current,
        scope: current.qualifier
          ? [...stack.map((item) => item.name), current.qualifier]
          : stack.map((item) => item.name),
        kind: promoted ? 'method' : current.kind,
      };
      result.push(entry);
      resolved.set(current, entry);
    }
    stack.push(current);
  }
  return result;
}

/**
 * Parses a file and reads its tags.
 * @param parser the shared parser (its language is set here).
 * @param grammar the file's grammar with compiled tags queries.
 * @param text the file's content.
 * @param filePath repository-relative path stored in each definition and reference.
 * @param options.signatureText the text signatures are cut from: `text` with its secret lines
 *   replaced (the secret gate's text, same lines). Default `text`.
 * @returns definitions and references; empty when the parser gives up.
 */
export function extractTags(
  parser: Parser,
  grammar: Grammar,
  text: string,
  filePath: string,
  { signatureText = text }: { signatureText?: string } = {},
): FileTags {
  parser.setLanguage(grammar.language);
  const tree = parser.parse(grammar.id === 'objc' ? withExportMacrosAsMethods(text) : text);
  if (!tree) return { definitions: [], references: [] };
  const definitions = new Map<number, Span>();
  const scopes: Span[] = [];
  const references = new Map<number, Reference>();
  const goPackage = grammar.id === 'go' ? readGoPackage(tree.rootNode) : undefined;
  try {
    for (const query of grammar.queries) {
      for (const match of query.matches(tree.rootNode)) {
        let nameNode: Node | undefined;
        let roleCapture: { name: string; node: Node } | undefined;
        let qualifier: string | undefined;
        for (const capture of match.captures) {
          if (capture.name === 'name') nameNode = capture.node;
          else if (QUALIFIER_CAPTURES.has(capture.name)) qualifier = capture.node.text;
          else if (roleOf(capture.name)) roleCapture = capture;
        }
        if (!nameNode || !roleCapture) continue;
        const name = nameNode.text.trim();
        if (!name || /\s/.test(name)) continue;
        const role = roleOf(roleCapture.name);
        if (role === 'reference') {
          qualifier ??= references.get(nameNode.startIndex)?.qualifier;
          references.set(nameNode.startIndex, {
            name,
            path: filePath,
            line: nameNode.startPosition.row + 1,
            ...(qualifier ? { qualifier } : {}),
          });
        } else if (role === 'scope') {
          scopes.push(span(name, null, roleCapture.node, nameNode));
        } else {
          const node = definitionNode(roleCapture.node);
          const kind = definitionKind(roleCapture.name, node);
          const existing = definitions.get(nameNode.startIndex);
          qualifier ??= existing?.qualifier;
          if (existing?.kind && kindSpecificity(kind) <= kindSpecificity(existing.kind)) {
            existing.qualifier = qualifier;
            continue;
          }
          definitions.set(nameNode.startIndex, { ...span(name, kind, node, nameNode), qualifier });
        }
      }
    }
  } finally {
    tree.delete();
  }
  for (const nameStart of definitions.keys()) references.delete(nameStart);
  const lineStarts = definitions.size > 0 ? lineStartsOf(signatureText) : [];
  return {
    definitions: resolveScopes([...definitions.values(), ...scopes]).map(
      ({ span: item, scope, kind }) => ({
        name: item.name,
        kind,
        path: filePath,
        lines: [item.startRow + 1, item.endRow + 1],
        scope,
        signature: signatureOf(signatureText, lineStarts, item),
      }),
    ),
    references: [...references.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([, reference]) => reference),
    ...(goPackage?.package ? { package: goPackage.package } : {}),
    ...(goPackage && goPackage.imports.length > 0 ? { imports: goPackage.imports } : {}),
  };
}
