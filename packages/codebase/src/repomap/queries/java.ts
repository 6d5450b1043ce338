/**
 * Supplementary tags for Java, written for Sightline: enums, records and fields as definitions;
 * imported names and type names as references.
 */
export const JAVA_QUERY = `
(enum_declaration name: (identifier) @name) @definition.enum
(record_declaration name: (identifier) @name) @definition.class
(field_declaration declarator: (variable_declarator name: (identifier) @name)) @definition.field

(import_declaration (scoped_identifier name: (identifier) @name)) @reference.import
(type_identifier) @name @reference.type
`;
