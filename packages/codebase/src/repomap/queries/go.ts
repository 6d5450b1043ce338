/**
 * Supplementary tags for Go, written for Sightline: package-level constants and variables,
 * struct fields and interface methods (the grammar's query captures them without a kind), and
 * the receiver type of methods as their `@qualifier` (scope).
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
`;
