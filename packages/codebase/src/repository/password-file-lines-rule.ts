/**
 * Lines of the two password files clients read credentials from, wherever they are quoted (a
 * report, a file of another name, a commit subject; the files themselves are never read, by name,
 * secret-gate.ts):
 * - `.netrc` (curl, git, ftp): `machine <host> login <user> password <password>`, its tokens
 *   separated by spaces, tabs or newlines (GNU Inetutils manual, "The .netrc file"), so an entry
 *   may span lines;
 * - `.pgpass` (libpq): one `hostname:port:database:username:password` line, `*` matching any
 *   field (PostgreSQL manual, "The Password File").
 * Found missing by the fresh-user trial of stop 62: neither line matched any rule.
 */

import { isPassword } from './command-line-options.js';
import type { SecretRule } from './secret-rule.js';

/**
 * The start of a netrc entry: `machine <host>` (a host name with a dot, or `localhost`: prose's
 * "machine learning login flow: password reset" is no entry, trial 40) or `default`.
 */
const NETRC_ENTRY =
  /(?<![\w-])(?:machine[ \t\r\n]+(?:[^\s.]{0,253}\.\S*|localhost)|default)(?![\w-])/g;
/**
 * One more token pair of an entry, right after the last (sticky): a key word of the format and
 * its value. An entry is read only as far as such pairs go on, so prose that mentions a machine
 * and, later, a password is no entry.
 */
const NETRC_PAIR = /[ \t\r\n]+(login|password|account|port)[ \t\r\n]+(\S+)/y;
/**
 * A value as written in a quoted entry: up to its first quote (`password x\``, `password x');` in
 * code), without the punctuation that ends a sentence or a list after it.
 */
function passwordValue(raw: string): string {
  // A quoted value (curl reads `password "p w"`) is what the quotes hold.
  const quoted = /^(["'])(.*?)\1/.exec(raw);
  if (quoted) return quoted[2] ?? '';
  return raw.replace(/[`'"].*$/, '').replace(/[),.;\]]+$/, '');
}

/**
 * A `.pgpass` line, where it starts (a line, a quote, a space: quoted inline or indented too,
 * trial 40): host (a name or address, with a letter or a dot, or `*`), port (digits or `*`),
 * database, user, and the password, up to a space or a quote (so a `\:` in it is kept). Each field
 * is bounded (a host name has at most 253 characters): a pattern tried after every `=` of a
 * megabyte line must not read to its end each time.
 * Character classes without alternation: V8 backtracks an alternation inside a repetition on its
 * own stack, which a line of megabytes overflows (the scan then fails and refuses the file).
 */
const PGPASS_LINE =
  /(?<![^\s"'`(=,;])(?:\*|(?=[^:\s]{0,252}[A-Za-z.])[^:\s"'`]{1,253}):(?:\d{1,5}|\*):[^:\s"'`]{1,256}:[^:\s"'`]{1,256}:([^\s"'`]{1,256})/g;

/** The password of a netrc entry (one with a `login` too) or of a pgpass line. */
export const PASSWORD_FILE_LINES_RULE: SecretRule = {
  what: 'a .netrc or .pgpass password',
  *find(text) {
    for (const entry of text.matchAll(NETRC_ENTRY)) {
      NETRC_PAIR.lastIndex = entry.index + entry[0].length;
      let login = false;
      const passwords: [number, number][] = [];
      for (let pair = NETRC_PAIR.exec(text); pair; pair = NETRC_PAIR.exec(text)) {
        if (pair[1] === 'login') login = true;
        const value = passwordValue(pair[2] ?? '');
        if (pair[1] === 'password' && isPassword(value)) {
          passwords.push([pair.index + pair[0].search(/password/), NETRC_PAIR.lastIndex]);
        }
      }
      if (login) yield* passwords;
    }
    for (const found of text.matchAll(PGPASS_LINE)) {
      const password = passwordValue(found[1] ?? '');
      if (isPassword(password)) yield [found.index, found.index + found[0].length];
    }
  },
};
