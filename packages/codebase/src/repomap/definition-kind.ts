/**
 * Normalises the definition kinds of tags queries (`@definition.class`, `@definition.struct`, …)
 * to {@link DefinitionKind}, refined by the syntax node where the query is coarse (Rust tags call
 * enums and type aliases "class"; Go tags call every type "type").
 */
import type { Node } from 'web-tree-sitter';
import type { DefinitionKind } from './types.js';

const KIND_BY_CAPTURE: ReadonlyMap<string, DefinitionKind> = new Map<string, DefinitionKind>([
  ['class', 'class'],
  ['struct', 'class'],
  ['object', 'class'],
  ['record', 'class'],
  ['interface', 'interface'],
  ['trait', 'interface'],
  ['protocol', 'interface'],
  ['type', 'type'],
  ['enum', 'enum'],
  ['function', 'function'],
  ['method', 'method'],
  ['constructor', 'method'],
  ['constant', 'constant'],
  ['const', 'constant'],
  ['variable', 'variable'],
  ['var', 'variable'],
  ['module', 'module'],
  ['namespace', 'module'],
  ['package', 'module'],
  ['macro', 'macro'],
  ['field', 'field'],
  ['property', 'field'],
]);

const KIND_BY_NODE: ReadonlyMap<string, DefinitionKind> = new Map<string, DefinitionKind>([
  ['enum_item', 'enum'],
  ['enum_declaration', 'enum'],
  ['enum_specifier', 'enum'],
  ['type_item', 'type'],
  ['type_alias_declaration', 'type'],
  ['union_item', 'type'],
]);

const GO_TYPE_KIND: ReadonlyMap<string, DefinitionKind> = new Map<string, DefinitionKind>([
  ['struct_type', 'class'],
  ['interface_type', 'interface'],
]);

/**
 * The kind of a definition.
 * @param capture the query's capture name, e.g. `definition.class`.
 * @param node the definition node, used to refine coarse captures.
 * @returns the normalised kind; `other` for captures it does not know.
 */
export function definitionKind(capture: string, node: Node): DefinitionKind {
  const byNode = KIND_BY_NODE.get(node.type);
  if (byNode) return byNode;
  if (node.type === 'type_spec') {
    const typeNode = node.childForFieldName('type');
    return (typeNode ? GO_TYPE_KIND.get(typeNode.type) : undefined) ?? 'type';
  }
  return KIND_BY_CAPTURE.get(capture.slice('definition.'.length)) ?? 'other';
}

/** Kinds that can hold methods: a function directly inside one of them is a method. */
export const CONTAINER_KINDS: ReadonlySet<DefinitionKind> = new Set(['class', 'interface', 'enum']);

/**
 * How specific a kind is, for two tags of the same name node: the higher wins
 * (a `const f = () => …` is a function rather than a constant; a Rust `fn` in an `impl` is a method).
 * @returns 0 for constant/variable/other, 1 for function, 2 for everything else.
 */
export function kindSpecificity(kind: DefinitionKind): number {
  if (kind === 'constant' || kind === 'variable' || kind === 'other') return 0;
  return kind === 'function' ? 1 : 2;
}

/** Syntax nodes of C-family grammars whose `function_declarator` stands for the whole function. */
const DECLARATION_NODES = new Set(['function_definition', 'declaration', 'field_declaration']);
const DECLARATOR_WRAPPERS = new Set([
  'pointer_declarator',
  'reference_declarator',
  'parenthesized_declarator',
  'function_declarator',
  'qualified_identifier',
]);

/**
 * The node whose range a definition covers. C and C++ tags capture the `function_declarator`
 * (`foo(int a)`); the definition is the enclosing `function_definition` or declaration.
 * @returns `node` itself for every other node type.
 */
export function definitionNode(node: Node): Node {
  if (node.type !== 'function_declarator') return node;
  let current: Node | null = node.parent;
  while (current && DECLARATOR_WRAPPERS.has(current.type)) current = current.parent;
  return current && DECLARATION_NODES.has(current.type) ? current : node;
}
