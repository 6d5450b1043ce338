/**
 * The identifiers of a stack frame's function text, as the localizer matches them against the
 * index's definitions: `Foo.bar`, `lambda$parse$0`, `app::cart::total::h1a2…` give each word. An
 * Objective-C method, `-[Foo(Extra) doThing:with:]` (or a block inside one,
 * `__41-[Foo doThing:with:]_block_invoke_2`), gives its class, category and the first keyword of
 * its selector: the index names a method by that keyword (tree-sitter tags query, queries/objc.ts
 * of @sightline/codebase), and the later keywords label arguments (`with`, `completion`), naming
 * nothing — read as names, they pointed a frame's range at another method of the file.
 */

/** An Objective-C method: class, optional category, first selector keyword. */
const OBJC_METHOD = /[-+]\[([A-Za-z_]\w*)(?:\(([A-Za-z_]\w*)\))? ([A-Za-z_]\w*)[^\]]*\]/;
const WORD = /[A-Za-z_$][\w$]*/g;

/**
 * The identifiers of a frame's function text, left to right.
 * @param text - the function as the frame prints it.
 * @returns the words; for an Objective-C method its class, category (when named) and first
 *   selector keyword.
 */
export function functionWords(text: string): string[] {
  const method = OBJC_METHOD.exec(text);
  if (method) return [method[1], method[2], method[3]].filter((word) => word !== undefined);
  return text.match(WORD) ?? [];
}
