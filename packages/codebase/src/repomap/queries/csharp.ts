/**
 * Supplementary tags for C#, written for Sightline: enums, structs, records and properties as
 * definitions; plain calls and generic constructions as references.
 */
export const CSHARP_QUERY = `
(enum_declaration name: (identifier) @name) @definition.enum
(struct_declaration name: (identifier) @name) @definition.class
(record_declaration name: (identifier) @name) @definition.class
(property_declaration name: (identifier) @name) @definition.field

(invocation_expression function: (identifier) @name) @reference.call
(object_creation_expression type: (generic_name (identifier) @name)) @reference.class
`;
