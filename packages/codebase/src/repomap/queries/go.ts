/**
 * Supplementary tags for Go, written for Sightline: package-level constants and variables,
 * struct fields and interface methods (the grammar's query captures them without a kind), and
 * the receiver type of methods as their `@qualifier` (scope), and the operand a selected name
 * is read from (`pkg` in `pkg.Name`, `s` in `s.Close()`) as the `@qualifier` of the reference,
 * so that the repository map can resolve it through the file's imports.
 */
export const GO_QUERY = `
(source_file (const_declaration (const_spec name: (identifier) @name) @definition.constant))
(source_file (var_declaration (var_spec name: (identifier) @name) @definition.variable))
(field_declaration name: (field_identifier) @name) @definition.field
(method_elem name: (field_identifier) @name) @definition.method
(method_declaration
  receiver: (parameter_list
    (parameter_declaration type: [(type_identifier) @qualifier (pointer_type (type_identifier) @qualifier)]))
  name: (field_identifier) @name) @definition.method
(call_expression
  function: (selector_expression operand: (_) @qualifier field: (field_identifier) @name)) @reference.call
(selector_expression operand: (identifier) @qualifier field: (field_identifier) @name) @reference.field
(qualified_type package: (package_identifier) @qualifier name: (type_identifier) @name) @reference.type
`;
