/**
 * Options of a program on a command line, as the secret rules that read them need them (a
 * database client's password, an HTTP client's credentials): a value as a shell reads it, and the
 * matches of an option after the program's name, on its line.
 */
import { PLACEHOLDER } from './secret-placeholder.js';

/**
 * A value as a shell reads it: quoted (at most 256 characters, so a line of unclosed quotes is
 * read in linear time), or its first word, up to a space, a quote, a backquote or an operator.
 */
export const VALUE = String.raw`("[^"\n]{0,256}"|'[^'\n]{0,256}'|["']?[^\s"'\x60&|;]+)`;

/**
 * Whether an option's value is a password: not a placeholder, not an ellipsis or what starts with
 * one (`PGPASSWORD=…`; `sshpass -p …docker` when the literals of prose, `` `sshpass -p …`,
 * `docker` ``, are read joined), not
 * a shell expansion (`$DB_PASSWORD`, `$(cat ~/.pw)`), not a port mapping (`docker run --name
 * mysql -p3306:3306`).
 */
export function isPassword(raw: string): boolean {
  const value = raw.replace(/^["']|["']$/g, '');
  if (PLACEHOLDER.test(value) || /^(?:…|\.{3})/.test(value)) return false;
  return !value.startsWith('$') && !/^\d+(?::\d+)+$/.test(value);
}

/**
 * Whether a program's own password option's value is one: {@link isPassword}, not the next
 * option, not a help text's metavariable (`<password>`, `[pw]`: an option's definition,
 * `--password <password>`, read joined to its description, was withheld: fresh-user trial 45).
 */
export function isOptionPassword(raw: string): boolean {
  return isPassword(raw) && !/^["']?[-<[]/.test(raw);
}

/** Farthest an option is looked for after its program, in characters (a minified line is long). */
const COMMAND_CHARS = 512;

/**
 * The end of the command that goes on at `from`: its line's end, past lines that end in a
 * backslash (a shell's line continuation, as `curl \` then `  -u user:pw \` are written).
 */
function commandEnd(text: string, from: number): number {
  let end = text.indexOf('\n', from);
  while (end !== -1 && text[end - 1 - (text[end - 1] === '\r' ? 1 : 0)] === '\\')
    end = text.indexOf('\n', end + 1);
  return end === -1 ? text.length : end;
}

/**
 * The matches of `option` after a match of `program`, in its command (its line and the lines a
 * backslash continues it on) and at most {@link COMMAND_CHARS} on; a program inside the part read
 * already only extends it.
 * @param accept - whether an option's value (its group 1) is a secret. Default {@link isPassword}.
 */
export function* programOptions(
  text: string,
  program: RegExp,
  option: RegExp,
  accept: (value: string) => boolean = isPassword,
): Generator<[number, number]> {
  let readTo = -1;
  let lineEnd = -1;
  for (const found of text.matchAll(program)) {
    const start = found.index + found[0].length;
    const from = Math.max(start, readTo);
    if (from > lineEnd) lineEnd = commandEnd(text, from);
    const to = Math.min(start + COMMAND_CHARS, lineEnd);
    if (to <= from) continue;
    readTo = to;
    for (const value of text.slice(from, to).matchAll(option)) {
      if (accept(value[1] ?? '')) yield [from + value.index, from + value.index + value[0].length];
    }
  }
}

/**
 * The settings of environment variables a client reads a password from, wherever they are written
 * (`PGPASSWORD=… psql`, `export SSHPASS=…`): each `NAME=value` whose value {@link isPassword}.
 * @param names - the variables' names, as a pattern's source (`PGPASSWORD|MYSQL_PWD`).
 * @returns the ranges [start, end) of each setting, name through value.
 */
export function* passwordVariables(text: string, names: string): Generator<[number, number]> {
  for (const found of text.matchAll(new RegExp(String.raw`\b(?:${names})=${VALUE}`, 'g'))) {
    if (isPassword(found[1] ?? '')) yield [found.index, found.index + found[0].length];
  }
}
