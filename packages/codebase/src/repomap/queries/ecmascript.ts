/**
 * Supplementary tags for JavaScript, TypeScript and TSX, written for Sightline: imported and
 * `require`d names as references, top-level `const` bindings as constants, and private methods
 * (`#load() {…}`, named with their `#`) with the calls to them (`this.#load()`). Call references
 * (`foo()`, `obj.foo()`, `new Foo()`) come from tree-sitter-javascript's own tags query.
 */
export const ECMASCRIPT_QUERY = `
(import_specifier name: (identifier) @name) @reference.import
(import_clause (identifier) @name) @reference.import
(namespace_import (identifier) @name) @reference.import

(variable_declarator
  name: (object_pattern (shorthand_property_identifier_pattern) @name)
  value: (call_expression function: (identifier) @require)
  (#eq? @require "require")) @reference.import
(variable_declarator
  name: (object_pattern (pair_pattern key: (property_identifier) @name))
  value: (call_expression function: (identifier) @require)
  (#eq? @require "require")) @reference.import

(method_definition name: (private_property_identifier) @name) @definition.method
(call_expression
  function: (member_expression property: (private_property_identifier) @name)) @reference.call

(program
  (lexical_declaration "const" (variable_declarator name: (identifier) @name) @definition.constant))
(program
  (export_statement
    declaration: (lexical_declaration "const" (variable_declarator name: (identifier) @name) @definition.constant)))
`;
