/**
 * Supplementary tags for Rust, written for Sightline: `impl` blocks as scopes (so methods get
 * their type as scope), trait method signatures, constants, statics, struct fields, `use`d names, `Type::function()` calls
 * and type names as references.
 */
export const RUST_QUERY = `
(impl_item type: (type_identifier) @name) @scope
(impl_item type: (generic_type type: (type_identifier) @name)) @scope
(function_signature_item name: (identifier) @name) @definition.method
(const_item name: (identifier) @name) @definition.constant
(static_item name: (identifier) @name) @definition.variable
(field_declaration name: (field_identifier) @name) @definition.field

(use_declaration argument: (scoped_identifier name: (identifier) @name)) @reference.import
(use_list (identifier) @name) @reference.import
(call_expression function: (scoped_identifier name: (identifier) @name)) @reference.call
(type_identifier) @name @reference.type
`;
