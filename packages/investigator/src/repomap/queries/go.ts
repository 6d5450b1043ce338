/**
 * Supplementary tags for Go, written for Sightline: package-level constants and variables,
 * struct fields and interface methods (the grammar's query captures them without a kind).
 */
export const GO_QUERY = `
(source_file (const_declaration (const_spec name: (identifier) @name) @definition.constant))
(source_file (var_declaration (var_spec name: (identifier) @name) @definition.variable))
(field_declaration name: (field_identifier) @name) @definition.field
(method_elem name: (field_identifier) @name) @definition.method
`;
