/**
 * Supplementary tags for C and C++, written for Sightline: the grammars' tags queries hold no
 * references, so calls and type names are added here, and `#define`s become macros/constants.
 */
export const C_QUERY = `
(preproc_function_def name: (identifier) @name) @definition.macro
(preproc_def name: (identifier) @name) @definition.constant

(call_expression function: (identifier) @name) @reference.call
(call_expression function: (field_expression field: (field_identifier) @name)) @reference.call
(type_identifier) @name @reference.type
`;
