/**
 * A secret's getter stubbed to return a literal in a test: Jest's and Vitest's
 * `spyOn(repo, 'getPassword').mockReturnValue("…")`, Sinon's `stub(repo, 'getPassword')
 * .returns("…")`, a mock function of a secret's name (`getPassword.mockResolvedValue("…")`),
 * MockK's `every { repo.password } returns "…"` and Mockito's `doReturn("…").when(repo)
 * .getPassword()`. The literal is what the code under test reads as the secret, so it is one as
 * a compared literal is (`compared-operands.ts`); Mockito's `when(…).thenReturn(…)` reads as an
 * assertion's subject and matcher (`compared-literal-rule.ts`).
 */
import {
  endAt,
  isSecretLiteral,
  isSecretName,
  literal,
  literalsAt,
  nameAfter,
  nameBefore,
} from './compared-operands.js';

/** Methods that set what a stub returns: Jest's, Vitest's and Sinon's. */
const RETURNS = String.raw`(?:mock(?:Return|Resolved)Value(?:Once)?|returns|resolves)\(`;

/** A spy or a stub of an object's method by its name: `spyOn(repo, 'getPassword')` (group 2). */
const SPIED = new RegExp(
  String.raw`\b(?:spyOn|stub)\([ \t]*[A-Za-z_$][\w$.]*[ \t]*,[ \t]*(["'\x60])([A-Za-z_$][\w$]*)\1[ \t]*\)[ \t]*\.[ \t]*${RETURNS}`,
  'g',
);
/** A mock function's method that sets what it returns, after its name (`getPassword.returns(`). */
const MOCK_RETURNS = new RegExp(String.raw`\.[ \t]*${RETURNS}`, 'g');
/** MockK's stub of a call, before its name: `every { repo.password` (`coEvery`). */
const EVERY = /\b(?:coE|e)very[ \t]*\{[ \t]*/g;
/** MockK's stub's end, after its name: `} returns "…"` (sticky). */
const EVERY_RETURNS = /[ \t]*\}[ \t]*returns[ \t]+/y;
/** Mockito's stub of the value first: `doReturn("…").when(repo).` (the getter follows). */
const DO_RETURN = new RegExp(
  String.raw`\bdoReturn\([ \t]*${literal(1)}[ \t]*\)[ \t]*\.[ \t]*when\([ \t]*[A-Za-z_$][\w$.]*[ \t]*\)[ \t]*\.`,
  'g',
);
/** A call's closing parenthesis, after its argument (sticky). */
const CLOSE = /[ \t]*\)/y;

/** Whether the literal of a list returned by a stub of `name` is a secret. */
function returnsSecret(
  returned: ReturnType<typeof literalsAt>,
  name: string,
): returned is NonNullable<ReturnType<typeof literalsAt>> {
  return (
    returned?.literals.length === 1 && isSecretLiteral(returned.literals[0]?.value ?? '', name)
  );
}

/**
 * The ranges of stubs of a secret's getter that return a literal, from the stub's start through
 * the literal (through the getter for Mockito's `doReturn("…").when(repo).getPassword()`).
 * Each form's pattern is read once over the text, its name and literal at fixed places after it.
 */
export function* stubbedReturns(text: string): Generator<[number, number]> {
  for (const found of text.matchAll(SPIED)) {
    const name = `${found[2] ?? ''}()`;
    const returned = literalsAt(text, found.index + found[0].length, 'never');
    if (isSecretName(name) && returnsSecret(returned, name)) {
      yield [found.index, returned.end];
    }
  }
  for (const found of text.matchAll(MOCK_RETURNS)) {
    const { name, start } = nameBefore(text, found.index);
    if (!isSecretName(name) || name.endsWith(')')) continue;
    const returned = literalsAt(text, found.index + found[0].length, 'never');
    if (returnsSecret(returned, name) && endAt(CLOSE, text, returned.end) >= 0) {
      yield [start, returned.end];
    }
  }
  for (const found of text.matchAll(EVERY)) {
    const subject = nameAfter(text, found.index + found[0].length);
    if (!subject || !isSecretName(subject.name)) continue;
    const returns = endAt(EVERY_RETURNS, text, subject.end);
    const returned = returns < 0 ? null : literalsAt(text, returns, 'never');
    if (returnsSecret(returned, subject.name)) yield [found.index, returned.end];
  }
  for (const found of text.matchAll(DO_RETURN)) {
    const getter = nameAfter(text, found.index + found[0].length);
    if (getter && isSecretName(getter.name) && isSecretLiteral(found[2] ?? '', getter.name)) {
      yield [found.index, getter.end];
    }
  }
}
