/**
 * Types and members an error message names. Runtimes word their errors about a missing member or
 * a wrong call the same few ways: Python's `'Foo' object has no attribute 'bar'` and
 * `Foo.__init__() got an unexpected keyword argument 'x'`, V8's `Cannot read properties of
 * undefined (reading 'bar')` and `foo.bar is not a function`, Ruby's `undefined method 'bar' for an
 * instance of Foo`, PHP's `Call to undefined method Foo::bar()`, the JVM's helpful
 * NullPointerException `Cannot invoke "Foo.bar()"`, .NET's `'Foo' does not contain a definition
 * for 'bar'`. The definitions named this way are looked up even when no stack frame points at them.
 */

/** A type and, when the message says, the member of it that was used. */
export interface MessageMention {
  /** The type (class, struct, module) named; absent when only a member is named. */
  type?: string;
  /** The member (method, attribute, property) named. */
  member?: string;
  /**
   * Set for a qualified name written in the report's prose (`Rack::Files`, `Help.Layout`): it
   * counts only where a definition of the member is scoped under the type (a name qualified by a
   * variable, `api.extend`, names no type).
   */
  scopedOnly?: true;
}

/** Separators of qualified names: `.`, Ruby/C++/PHP `::`, Ruby's `#` and PHP's `\\`. */
const QUALIFIER_SEPARATOR = /::|[.#\\]/;

/**
 * The type-and-member mentions of qualified identifiers (`Rack::Files`, `CommandLine.Help`,
 * `Parser#parse`): the last part as the member, the part before it as the type.
 * @param identifiers - identifiers the report mentions.
 * @returns one {@link MessageMention} with `scopedOnly` per qualified identifier.
 */
export function qualifiedMentions(identifiers: Iterable<string>): MessageMention[] {
  const mentions: MessageMention[] = [];
  for (const identifier of identifiers) {
    const parts = identifier.split(QUALIFIER_SEPARATOR).filter(Boolean);
    const [type, member] = parts.slice(-2);
    if (parts.length < 2 || !type || !member || GENERIC.has(member)) continue;
    mentions.push({ type, member, scopedOnly: true });
  }
  return mentions;
}

/**
 * An identifier, at most 200 characters, and a qualifying chain, at most 20 links (`a.b.c.`): so
 * that the patterns run in time linear in the text. Unbounded, a text of `a$a$…` or `a.a.…` (60 KB)
 * took 65 s and 13 s, every word boundary starting a scan to the end; no runtime's message names a
 * longer identifier or chain.
 */
const NAME = String.raw`[A-Za-z_$][\w$]{0,199}`;
const CHAIN = String.raw`(?:${NAME}\.){0,20}`;
const QUALIFIED = String.raw`[A-Za-z_$][\w$.:\\]*`;
const QUOTE = String.raw`['"\`‘’]`;

/** Each pattern captures `type` and/or `member` groups. */
const PATTERNS: RegExp[] = [
  // Python
  new RegExp(
    String.raw`${QUOTE}(?<type>${NAME})${QUOTE} object has no attribute ${QUOTE}(?<member>${NAME})${QUOTE}`,
    'g',
  ),
  new RegExp(
    String.raw`type object ${QUOTE}(?<type>${NAME})${QUOTE} has no attribute ${QUOTE}(?<member>${NAME})${QUOTE}`,
    'g',
  ),
  new RegExp(
    String.raw`module ${QUOTE}(?<type>${QUALIFIED})${QUOTE} has no attribute ${QUOTE}(?<member>${NAME})${QUOTE}`,
    'g',
  ),
  new RegExp(
    String.raw`\b(?<type>${NAME})\.(?<member>${NAME})\(\) (?:got an unexpected|got multiple|missing \d+ required|takes \d+|takes from)`,
    'g',
  ),
  new RegExp(
    String.raw`\b(?<type>[A-Z]${NAME}?)\(\) (?:got an unexpected|missing \d+ required|takes \d+|takes no)`,
    'g',
  ),
  // JavaScript (V8, SpiderMonkey, JavaScriptCore)
  new RegExp(String.raw`\(reading ${QUOTE}(?<member>${NAME})${QUOTE}\)`, 'g'),
  new RegExp(String.raw`Cannot read property ${QUOTE}(?<member>${NAME})${QUOTE} of`, 'g'),
  new RegExp(String.raw`\b${CHAIN}(?<member>${NAME}) is not a (?:function|constructor)`, 'g'),
  new RegExp(String.raw`Class constructor (?<type>${NAME}) cannot be invoked`, 'g'),
  // Ruby
  new RegExp(
    String.raw`undefined (?:method|local variable or method) ${QUOTE}(?<member>${NAME}[?!=]?)${QUOTE} for (?:an instance of |#<)?(?<type>[A-Z]${QUALIFIED})`,
    'g',
  ),
  new RegExp(String.raw`undefined method ${QUOTE}(?<member>${NAME}[?!=]?)${QUOTE} for nil`, 'g'),
  // PHP
  new RegExp(
    String.raw`(?:Call to (?:undefined|private|protected) method|Undefined property:) (?<type>${QUALIFIED})::\$?(?<member>${NAME})`,
    'g',
  ),
  new RegExp(String.raw`Call to a member function (?<member>${NAME})\(\) on`, 'g'),
  // JVM helpful NullPointerException, .NET
  /Cannot (?:invoke|read field|load from|store to) "(?:[\w$]+\.)*(?<type>[A-Z][\w$]*)\.(?<member>[\w$]+)(?:\(|")/g,
  new RegExp(
    String.raw`${QUOTE}(?<type>${QUALIFIED})${QUOTE} does not contain a definition for ${QUOTE}(?<member>${NAME})${QUOTE}`,
    'g',
  ),
  // Rust, Go
  new RegExp(
    String.raw`no (?:method|field) named ${QUOTE}(?<member>${NAME})${QUOTE} found for (?:struct|enum|type)? ?${QUOTE}?&?(?:mut )?(?<type>${NAME})`,
    'g',
  ),
  new RegExp(
    String.raw`\b(?:${NAME}\.)?(?<type>${NAME}) has no (?:field or method|method) (?<member>${NAME})`,
    'g',
  ),
];

/** Names too generic to point anywhere (`Object`, `NoneType`, `undefined`, Ruby's `NilClass`). */
const GENERIC = new Set([
  'Object',
  'NoneType',
  'None',
  'NilClass',
  'nil',
  'null',
  'undefined',
  'str',
  'int',
  'float',
  'dict',
  'list',
  'tuple',
  'String',
  'Array',
  'Number',
  'Boolean',
  'Function',
  'Promise',
  'this',
]);

function lastPart(name: string | undefined): string | undefined {
  const part = name
    ?.split(/[.:\\]+/)
    .filter(Boolean)
    .at(-1);
  return part && !GENERIC.has(part) ? part : undefined;
}

/**
 * Reads the types and members an error message (or any report text) names.
 * @param text - exception messages, a title, a body.
 * @returns the mentions in text order, deduplicated; a qualified type keeps its last part
 *   (`App\Models\User` → `User`), generic built-in types are left out.
 */
export function messageMentions(text: string): MessageMention[] {
  const found: { at: number; mention: MessageMention }[] = [];
  for (const pattern of PATTERNS) {
    for (const match of text.matchAll(pattern)) {
      const type = lastPart(match.groups?.type);
      const member = match.groups?.member;
      const mention: MessageMention = {
        ...(type ? { type } : {}),
        ...(member && !GENERIC.has(member) ? { member } : {}),
      };
      if (mention.type || mention.member) found.push({ at: match.index ?? 0, mention });
    }
  }
  const seen = new Set<string>();
  return found
    .sort((a, b) => a.at - b.at)
    .map(({ mention }) => mention)
    .filter((mention) => {
      const key = `${mention.type ?? ''}#${mention.member ?? ''}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}
