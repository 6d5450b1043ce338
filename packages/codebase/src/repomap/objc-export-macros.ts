/**
 * React Native's iOS bridge declares a native module's methods with macros, not with Objective-C's
 * method syntax: `RCT_EXPORT_METHOD(pop:(NSString *)commandId resolver:(…)resolve) { … }` defines the
 * method `-pop:resolver:` (React Native's RCTBridgeModule.h; "Native Modules: iOS",
 * reactnative.dev). The Objective-C grammar reads such a block as errors and a function named after
 * its last argument label (`rejecter`), so a crash in `-[RNNBridgeModule pop:…]` found no `pop`.
 * Before parsing, each macro is rewritten into the method header it expands to, keeping every
 * character's offset, line and column: `RCT_EXPORT_METHOD(` becomes `- (void)` and blanks, its
 * closing parenthesis a blank; a remapped method's JavaScript name is blanked too. The selector's
 * own text is untouched, so definition names and lines are the source's.
 */

/** The macros, with the return type they declare and how many arguments precede the selector. */
const MACROS = /\bRCT_(EXPORT|REMAP)_(BLOCKING_SYNCHRONOUS_)?METHOD\(/g;
/** Characters a selector may span before its closing parenthesis; past it the macro is left as is. */
const MAX_SELECTOR_CHARS = 2_000;

/**
 * The index of the parenthesis closing the one opened just before `start`, at most
 * {@link MAX_SELECTOR_CHARS} characters on; `-1` when none closes it there.
 */
function closingParenthesis(text: string, start: number): number {
  let depth = 1;
  const end = Math.min(text.length, start + MAX_SELECTOR_CHARS);
  for (let at = start; at < end; at += 1) {
    const char = text[at];
    if (char === '(') depth += 1;
    else if (char === ')') {
      depth -= 1;
      if (depth === 0) return at;
    }
  }
  return -1;
}

/**
 * Rewrites React Native's method-export macros into Objective-C method headers of the same length.
 * @param text - an Objective-C file's text.
 * @returns the text to parse: the same length and lines, each `RCT_EXPORT_METHOD(sel)`,
 *   `RCT_REMAP_METHOD(js, sel)` and their `BLOCKING_SYNCHRONOUS_` forms written as `- (void)sel`
 *   (`- (id)sel` for the synchronous ones). Linear in the text's length.
 */
export function withExportMacrosAsMethods(text: string): string {
  if (!text.includes('RCT_')) return text;
  const pieces: string[] = [];
  let copied = 0;
  MACROS.lastIndex = 0;
  for (let match = MACROS.exec(text); match; match = MACROS.exec(text)) {
    const open = match.index + match[0].length;
    const close = closingParenthesis(text, open);
    if (close < 0) {
      MACROS.lastIndex = Math.min(text.length, open + MAX_SELECTOR_CHARS);
      continue;
    }
    // RCT_REMAP_METHOD(js_name, method); RCT_REMAP_BLOCKING_SYNCHRONOUS_METHOD(js_name, type, method).
    let selector = open;
    const skipped = match[1] === 'REMAP' ? (match[2] ? 2 : 1) : 0;
    for (let skip = skipped; skip > 0; skip -= 1) {
      const comma = text.indexOf(',', selector);
      if (comma < 0 || comma > close) break;
      selector = comma + 1;
    }
    const header = match[2] ? '- (id)' : '- (void)';
    // Blanks, not the text before the selector, keeping its line breaks: the macro's name alone
    // is longer than the header, so the header stays on its line.
    const blanks = text.slice(match.index + header.length, selector).replace(/[^\r\n]/g, ' ');
    pieces.push(text.slice(copied, match.index), header, blanks);
    pieces.push(text.slice(selector, close), ' ');
    copied = close + 1;
    MACROS.lastIndex = copied;
  }
  pieces.push(text.slice(copied));
  return pieces.join('');
}
