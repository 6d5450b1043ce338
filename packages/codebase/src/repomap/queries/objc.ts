/**
 * Tags for Objective-C, written for Sightline: tree-sitter-objc 3.0.2 ships no tags query. The
 * C constructs (functions, structs, typedefs, macros, calls) come from tree-sitter-c's tags query
 * and {@link C_QUERY}, which the Objective-C grammar shares with C. Classes are named by the class
 * (a category `@interface Foo (Extra)` is still `Foo`); a method by the first keyword of its
 * selector (`- (void)doThing:(int)a with:(int)b` is `doThing`), the word a crash frame's
 * `-[Foo doThing:with:]` and a report's prose both carry. A message's first keyword is a call;
 * a receiver written with a capital (`[Foo alloc]`) is a class reference.
 */
export const OBJC_QUERY = `
(class_interface . (identifier) @name) @definition.class
(class_implementation . (identifier) @name) @definition.class
(protocol_declaration . (identifier) @name) @definition.interface
(method_definition (method_type) . (identifier) @name) @definition.method
(method_definition . (identifier) @name) @definition.method
(method_declaration (method_type) . (identifier) @name) @definition.method
(method_declaration . (identifier) @name) @definition.method
(property_declaration (struct_declaration (struct_declarator (identifier) @name))) @definition.field
(property_declaration (struct_declaration (struct_declarator (pointer_declarator declarator: (identifier) @name)))) @definition.field

(message_expression receiver: (_) . method: (identifier) @name) @reference.call
((message_expression receiver: (identifier) @name) @reference.type (#match? @name "^[A-Z]"))
`;
