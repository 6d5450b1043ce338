/**
 * A secret-named name compared with a literal rather than given one: a hard-coded check
 * (`if (password === "…")`, Python's `if token != "…":`, `"…" == apiKey`), Java's and C#'s
 * `password.equals("…")` (`equalsIgnoreCase`, `Equals`, Ruby's `eql?`), a comparing call's
 * two arguments (`strcmp(password, "…")`, `Objects.equals(token, "…")`,
 * `hmac.compare_digest(token, "…")`, PHP's `hash_equals`, a test's `assertEquals("…", password)`,
 * `assert.strictEqual`, testify's `assert.Equal(t, …)` and `s.Equal(…)`, minitest's
 * `assert_equal "…", password`), an assertion's subject and its matcher
 * (`expect(password).toBe("…")`, `assertThat(password).isEqualTo("…")`, RSpec's `to eq "…"`,
 * Hamcrest's `assertThat(password, is("…"))`, Kotest's `password shouldBe "…"`, Gomega's
 * `Expect(password).To(Equal("…"))`; a stub's `when(repo.getPassword()).thenReturn("…")`, and
 * the stubs of `stubbed-returns.ts`) and a membership test (`password in ("…", "…")`, SQL's
 * `IN ('…')`, `["…"].includes(password)`, PHP's `in_array`). The name may be read through a
 * getter, a transform or a call by its key (`cfg.getApiToken()`, `password.trim()`,
 * `os.getenv("API_TOKEN")`: `compared-operands.ts`). The literal is the secret all the same; the
 * named-literal rule reads `=`, `:` and `=>`, not `==` (gitleaks' generic rule reads the operator
 * as an assignment's; this rule reads it as a comparison, on a secret-named name). A switch's
 * labels are `switched-literal-rule.ts`'.
 */
import {
  type ComparedLiteral,
  endAt,
  isSecretLiteral,
  isSecretName,
  literal,
  literalsAt,
  nameAfter,
  nameBefore,
} from './compared-operands.js';
import type { SecretRule } from './secret-rule.js';
import { stubbedReturns } from './stubbed-returns.js';

/** An equality operator: `===`, `!==`, `==`, `!=`, SQL's and Visual Basic's `<>`. */
const OPERATOR = '(?:===?|!==?|<>)';

/**
 * Methods that compare their receiver with their argument: Java's and C#'s `equals`, Ruby's
 * `eql?`, FluentAssertions' `.Should().Be(`, Shouldly's `.ShouldBe(`.
 */
const EQUALS_METHOD = String.raw`\.(?:equals(?:IgnoreCase)?|Equals|contentEquals|eql\?|equal\?|Should\(\)\.(?:Not)?(?:Be|Equal)|Should(?:Not)?(?:Be|Equal))\(`;

/** Infix matchers of Kotest and ScalaTest (`password shouldBe "…"`). */
const INFIX_MATCHER = String.raw`\b(?:should|must)(?:Not)?(?:Be|Equal)\b`;

/** A membership test's operator, before a list in brackets: Python's `in`, `not in`, SQL's `IN`. */
const MEMBERSHIP = String.raw`\b(?:(?:not[ \t]+)?in|(?:NOT[ \t]+)?IN)\b(?=[ \t]*[[({])`;

/**
 * Calls that compare their two arguments (test assertions among them; testify suites'
 * `s.Equal(…)`, `suite.Require().Equal(…)`).
 */
const COMPARING_CALL = String.raw`\b(?:(?:s|suite)\.(?:(?:Require|Assert)\(\)\.)?(?:Not)?Equal(?:Values)?|strn?(?:case)?cmp|_?stricmp|Objects\.equals|[Ss]tring\.Equals|compare_digest|hash_equals|in_array|assert(?:Not)?Equals?|assert_(?:not_)?equal|assert_(?:eq|ne)!|assert(?:Not)?Same|assert\.(?:not)?(?:[Ss]trict|[Dd]eep)?[Ee]qual(?:Values)?|require\.(?:Not)?Equal(?:Values)?|Assert\.(?:Are(?:Not)?(?:Equal|Same)|(?:Not)?Equal)|XCTAssert(?:Not)?Equal)\(`;

/** Minitest's and Test::Unit's assertion without parentheses (`assert_equal "…", password`). */
const BARE_ASSERTION = String.raw`\bassert_(?:not_)?equal[ \t]+(?=["'\x60A-Za-z_])`;

/** A test's context given before the two compared arguments: Go's `t`, testify suites' `s.T()`. */
const TEST_CONTEXT = String.raw`(?:(?:t|s\.T\(\))[ \t]*,[ \t]*)?`;

/**
 * Calls that name an assertion's subject, before its matcher: `expect(…)`, `assertThat(…)`,
 * NUnit's `Assert.That(…, Is.EqualTo(…))`, Gomega's `Expect(…)`; and a stub's call, before the
 * value it returns: Mockito's `when(repo.getPassword())`, BDDMockito's `given(…)`.
 */
const SUBJECT_CALL =
  /\b(?:expect(?:That)?|Expect|assertThat|assert_that|assumeThat|assume_that|Assert\.That|when|given)\([ \t]*/g;

/** Between an assertion's parts: a `.` or spaces (RSpec's `to eq`). */
const STEP = String.raw`(?:[ \t]*\.[ \t]*|[ \t]+)`;

/**
 * An assertion's matcher after its subject (sticky): the subject's `)`, words of a fluent chain
 * (`.not`, `.to`, `.be`), then a matcher of equality or membership and its `(` or a space
 * (`.toBe(`, `.isEqualTo(`, `.to.equal(`, ` eq `, `.isIn(`, a stub's `.thenReturn(`); or
 * Gomega's `.To(Equal(` (`.NotTo(`, `.Should(`, `BeEquivalentTo(`); or Hamcrest's second
 * argument (`, is(`, `, equalTo(`, `, is(equalTo(`).
 */
const MATCHER = new RegExp(
  String.raw`[ \t]*\)(?:${STEP}(?:not|to|be|been|is|that|and|deep|strictly|should|must|does)\b)*${STEP}(?:toBe|toEqual|toStrictEqual|toMatch|toContain|equals?|eql|eq|isEqualTo(?:IgnoringCase)?|isNotEqualTo|isSameAs|isIn|isNotIn|isOneOf|is_equal_to|is_not_equal_to|is_in|thenReturn|willReturn)(?:[ \t]*\([ \t]*|[ \t]+)|[ \t]*\)${STEP}(?:To|NotTo|ToNot|Should|ShouldNot)\([ \t]*(?:Equal|BeEquivalentTo|BeIdenticalTo)\([ \t]*|[ \t]*,[ \t]*(?:(?:is|equalTo|equal_to|is_|eq|sameInstance|Is(?:\.Not)?\.EqualTo)[ \t]*\([ \t]*){1,2}`,
  'y',
);

/** Comparisons whose name stands before them: `name === "…"`, `name.equals("…")`, `name in (…)`. */
const NAME_FIRST = new RegExp(`${OPERATOR}|${EQUALS_METHOD}|${INFIX_MATCHER}|${MEMBERSHIP}`, 'g');
/** Comparisons whose name follows them: `"…" === name`, `"…".equals(name)`. */
const LITERAL_FIRST = new RegExp(
  String.raw`${literal(1)}[ \t]*(?:${OPERATOR}|${EQUALS_METHOD})`,
  'g',
);
/** A list of literals whose method tests the name that follows: `["…", "…"].includes(name)`. */
const LIST_FIRST = new RegExp(
  String.raw`[[(][ \t]*${literal(1)}(?:[ \t]*,[ \t]*${literal(3)})*[ \t]*,?[ \t]*[\])][ \t]*\.(?:includes|contains|include\?|has)\(`,
  'g',
);
/** A comparing call's two arguments, a name then a literal or a literal then a name. */
const CALL = new RegExp(
  String.raw`(?:${COMPARING_CALL}|${BARE_ASSERTION})[ \t]*${TEST_CONTEXT}(?:${literal(1)}[ \t]*,)?`,
  'g',
);
/** The comma between a call's two arguments (sticky). */
const COMMA = /[ \t]*,/y;
/** A call's closing parenthesis, after its argument (sticky). */
const CLOSE = /[ \t]*\)/y;

/** Whether a literal of a list compared with `name` {@link isSecretLiteral}. */
function holdsSecret(
  operand: { literals: readonly ComparedLiteral[] } | null,
  name: string,
): boolean {
  return operand?.literals.some((found) => isSecretLiteral(found.value, name)) ?? false;
}

/**
 * The ranges of comparisons whose name stands before them: from the name through the last secret
 * literal (`password === "…"`, `password.equals("…")`, `password in ("…", "…")`).
 */
function* nameFirst(text: string): Generator<[number, number]> {
  for (const found of text.matchAll(NAME_FIRST)) {
    const { name, start } = nameBefore(text, found.index);
    if (!isSecretName(name)) continue;
    const equalsMethod = found[0].endsWith('(');
    const from = found.index + found[0].length;
    const operand = literalsAt(text, from, equalsMethod ? 'never' : 'allowed');
    if (!operand || !holdsSecret(operand, name)) continue;
    if (!equalsMethod) yield [start, operand.end];
    // `name.equals("…")` closes its call on its one literal.
    const close = operand.literals.length > 1 ? -1 : endAt(CLOSE, text, operand.end);
    if (equalsMethod && close >= 0) yield [start, close];
  }
}

/**
 * The ranges of comparisons whose name follows a literal or a list of literals: from the first
 * literal through the name (`"…" == password`, `"…".equals(password)`, `["…"].includes(password)`).
 */
function* literalFirst(text: string): Generator<[number, number]> {
  for (const found of text.matchAll(LITERAL_FIRST)) {
    const after = nameAfter(text, found.index + found[0].length);
    if (!after || !isSecretName(after.name) || !isSecretLiteral(found[2] ?? '', after.name))
      continue;
    // `"…".equals(name)` closes its call.
    if (found[0].endsWith('(') && endAt(CLOSE, text, after.end) < 0) continue;
    yield [found.index, after.end];
  }
  for (const found of text.matchAll(LIST_FIRST)) {
    const after = nameAfter(text, found.index + found[0].length);
    if (!after || !isSecretName(after.name) || endAt(CLOSE, text, after.end) < 0) continue;
    if (holdsSecret(literalsAt(text, found.index, 'required'), after.name))
      yield [found.index, after.end];
  }
}

/** The ranges of comparing calls: from the call through its second argument. */
function* comparingCalls(text: string): Generator<[number, number]> {
  for (const found of text.matchAll(CALL)) {
    const end = found.index + found[0].length;
    if (found[2] !== undefined) {
      // JUnit 4's message first: `assertEquals("…", "…", password)`.
      const expected = nameAfter(text, end) ? null : literalsAt(text, end, 'never');
      const comma = expected?.literals.length === 1 ? endAt(COMMA, text, expected.end) : -1;
      const after = nameAfter(text, comma < 0 ? end : comma);
      const value = comma < 0 ? found[2] : (expected?.literals[0]?.value ?? '');
      if (after && isSecretName(after.name) && isSecretLiteral(value, after.name)) {
        yield [found.index, after.end];
      }
      continue;
    }
    const first = nameAfter(text, end);
    if (!first || !isSecretName(first.name)) continue;
    const comma = endAt(COMMA, text, first.end);
    const second = comma < 0 ? null : literalsAt(text, comma);
    if (second && holdsSecret(second, first.name)) yield [found.index, second.end];
  }
}

/**
 * The ranges of assertions: from the subject's call through its matcher's secret literal
 * (`expect(password).toBe("…")`, `assertThat(password, is("…"))`), or through the matcher's
 * name when the subject is the literal (`expect("…").toBe(password)`).
 */
function* assertions(text: string): Generator<[number, number]> {
  for (const found of text.matchAll(SUBJECT_CALL)) {
    const from = found.index + found[0].length;
    const subject = nameAfter(text, from);
    if (subject && isSecretName(subject.name)) {
      const matcher = endAt(MATCHER, text, subject.end);
      const expected = matcher < 0 ? null : literalsAt(text, matcher);
      if (expected && holdsSecret(expected, subject.name)) yield [found.index, expected.end];
      continue;
    }
    const value = literalsAt(text, from, 'never');
    if (!value || value.literals.length > 1) continue;
    const matcher = endAt(MATCHER, text, value.end);
    const name = matcher < 0 ? null : nameAfter(text, matcher);
    if (name && isSecretName(name.name) && holdsSecret(value, name.name)) {
      yield [found.index, name.end];
    }
  }
}

/** The comparisons of one line (or of a call's lines read as one). */
function* comparisons(text: string): Generator<[number, number]> {
  yield* nameFirst(text);
  yield* literalFirst(text);
  yield* comparingCalls(text);
  yield* assertions(text);
  yield* stubbedReturns(text);
}

/** What opens a comparison a formatter may split: a comparing call, an assertion, a list's test. */
const OPENER = new RegExp(
  `${COMPARING_CALL}|${SUBJECT_CALL.source}|${EQUALS_METHOD}|${MEMBERSHIP}|\\.(?:toBe|toEqual|toStrictEqual|isEqualTo|equals?|eql)\\(`,
);
/**
 * An equality operator at a line's end, maybe before Python's `\` that joins the next line: a
 * comparison a formatter split after it.
 */
const OPERATOR_AT_END = new RegExp(`${OPERATOR}[ \\t]*\\\\?[ \\t]*\\r?$`);
/** An equality operator at a line's start: a comparison a formatter split before it. */
const OPERATOR_AT_START = new RegExp(`^[ \\t]*${OPERATOR}`);
/** The most lines read after a line that leaves a comparison's `(` open. */
const MOST_CALL_LINES = 8;
/** The most characters read of that line (its end) and of the lines after it. */
const MOST_CALL_CHARACTERS = 400;

/** `(` minus `)` in a text. */
function depthOf(text: string): number {
  let depth = 0;
  for (const char of text) {
    if (char === '(') depth++;
    else if (char === ')') depth--;
  }
  return depth;
}

/**
 * The comparisons a formatter split over lines, each read as one line: a line that opens one
 * ({@link OPENER}) and leaves its `(` open (`expect(user.password).toEqual(`, `assertEquals(`,
 * `if password in (`), or whose next line goes on with a matcher (`expect(user.password)`, then
 * `.toBe("…")`), or a line that ends with an equality operator or whose next line starts with one
 * (`"…" ==`, then `user.password`; `if (user.password ===`, then the literal), read with the
 * lines after it up to the `(`'s close (an operator's line with the next line only), at most
 * {@link MOST_CALL_LINES} lines and {@link MOST_CALL_CHARACTERS} characters, its line breaks
 * (and a `\` that joins lines) as spaces (ranges stay the text's). Only ranges across a line
 * break are given (the others are the line's). Each line is read a bounded number of times:
 * linear in the text's length.
 */
function* splitComparisons(text: string): Generator<[number, number]> {
  for (let newline = text.indexOf('\n'); newline >= 0; newline = text.indexOf('\n', newline + 1)) {
    const lineStart = text.lastIndexOf('\n', newline - 1) + 1;
    const from = Math.max(lineStart, newline - MOST_CALL_CHARACTERS);
    const line = text.slice(from, newline);
    let depth = depthOf(line);
    const following = text.slice(newline + 1, newline + 1 + MOST_CALL_CHARACTERS);
    const chained = /^[ \t]*\./.test(following);
    const operator = OPERATOR_AT_END.test(line) || OPERATOR_AT_START.test(following);
    const opened = (depth > 0 || chained) && OPENER.test(line);
    if (!opened && !operator) continue;
    // An operator's other side is on the next line.
    const most = opened ? MOST_CALL_LINES : 1;
    const limit = Math.min(text.length, newline + 1 + MOST_CALL_CHARACTERS);
    let end = newline + 1;
    for (let count = 0; count < most && end < limit; count++) {
      const next = text.indexOf('\n', end);
      const lineEnd = Math.min(next < 0 ? text.length : next, limit);
      depth += depthOf(text.slice(end, lineEnd));
      end = lineEnd + 1;
      if (depth <= 0) break;
    }
    const read = text.slice(from, Math.min(end, limit)).replace(/\\(?=\r?\n)|[\r\n]/g, ' ');
    for (const [start, stop] of comparisons(read)) {
      if (read.slice(start, stop) !== text.slice(from + start, from + stop)) {
        yield [from + start, from + stop];
      }
    }
  }
}

/**
 * A secret-named name compared with a literal that {@link isSecretLiteral} (a lexer's
 * `token === "=>"`, `token == "function"` are none); each range runs from the first of the two
 * through the second, on one line or over the lines of a call a formatter split
 * ({@link splitComparisons}).
 */
export const COMPARED_LITERAL_RULE: SecretRule = {
  what: 'a literal compared with a secret-named name',
  *find(text) {
    yield* comparisons(text);
    yield* splitComparisons(text);
  },
};
