/** Supplementary tags for JavaScript, written for Sightline: class fields and `extends` targets. */
export const JAVASCRIPT_QUERY = `
(field_definition property: (property_identifier) @name) @definition.field
(class_heritage (identifier) @name) @reference.class
`;
