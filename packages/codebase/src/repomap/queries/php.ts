/**
 * Supplementary tags for PHP, written for Sightline: tree-sitter-php's tags query expects
 * qualified names in calls and `new`; plain names (`new Store()`, `make_store()`) are added here.
 */
export const PHP_QUERY = `
(object_creation_expression (name) @name) @reference.class
(function_call_expression function: (name) @name) @reference.call
(enum_declaration name: (name) @name) @definition.enum
`;
