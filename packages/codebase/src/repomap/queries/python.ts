/**
 * Supplementary tags for Python, written for Sightline: names imported with `from … import`,
 * base classes, decorators and annotated types as references.
 */
export const PYTHON_QUERY = `
(import_from_statement name: (dotted_name (identifier) @name .)) @reference.import
(import_from_statement name: (aliased_import name: (dotted_name (identifier) @name .))) @reference.import
(class_definition superclasses: (argument_list (identifier) @name)) @reference.class
(class_definition superclasses: (argument_list (attribute attribute: (identifier) @name))) @reference.class
(decorator (identifier) @name) @reference.call
(type (identifier) @name) @reference.type
`;
