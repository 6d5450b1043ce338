/**
 * Supplementary tags for TypeScript and TSX, written for Sightline: type aliases, enums,
 * namespaces, class fields and property signatures as definitions; every type name and every
 * `extends` target as a reference.
 */
export const TYPESCRIPT_QUERY = `
(type_alias_declaration name: (type_identifier) @name) @definition.type
(enum_declaration name: (identifier) @name) @definition.enum
(internal_module name: (identifier) @name) @definition.module
(public_field_definition name: (property_identifier) @name) @definition.field
(property_signature name: (property_identifier) @name) @definition.field

(type_identifier) @name @reference.type
(class_heritage (extends_clause value: (identifier) @name)) @reference.class
`;
