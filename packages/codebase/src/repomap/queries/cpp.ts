/** Supplementary tags for C++, written for Sightline: namespaces and qualified or template calls. */
export const CPP_QUERY = `
(namespace_definition name: (namespace_identifier) @name) @definition.module
(call_expression function: (qualified_identifier name: (identifier) @name)) @reference.call
(call_expression function: (template_function name: (identifier) @name)) @reference.call
`;
