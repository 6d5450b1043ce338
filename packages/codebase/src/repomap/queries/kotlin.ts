/**
 * Tags for Kotlin, written for Sightline: @tree-sitter-grammars/tree-sitter-kotlin 1.1.0 ships a
 * parser but no tags query. Interface and enum patterns come first so they win over `class`.
 */
export const KOTLIN_QUERY = `
(class_declaration "interface" name: (identifier) @name) @definition.interface
(class_declaration (modifiers (class_modifier "enum")) name: (identifier) @name) @definition.enum
(class_declaration name: (identifier) @name) @definition.class
(object_declaration name: (identifier) @name) @definition.class
(function_declaration name: (identifier) @name) @definition.function
(source_file (property_declaration (variable_declaration (identifier) @name)) @definition.variable)
(class_body (property_declaration (variable_declaration (identifier) @name)) @definition.field)
(type_alias type: (identifier) @name) @definition.type

(call_expression (identifier) @name) @reference.call
(call_expression (navigation_expression (identifier) @name .)) @reference.call
(user_type (identifier) @name) @reference.type
(import (qualified_identifier (identifier) @name .)) @reference.import
`;
