/**
 * Lines of the two password files clients read credentials from, wherever they are quoted (a
 * report, a file of another name, a commit subject; the files themselves are never read, by name,
 * secret-gate.ts):
 * - `.netrc` (curl, git, ftp): `machine <host> login <user> password <password>`, its tokens
 *   separated by spaces, tabs or newlines (GNU Inetutils manual, "The .netrc file"), so an entry
 *   may span lines;
 * - `.pgpass` (libpq): one `hostname:port:database:username:password` line, `*` matching any
 *   field and `\:` a colon inside one (PostgreSQL manual, "The Password File").
 * Found missing by the fresh-user trial of stop 62: neither line matched any rule.
 */

import { isPassword } from './command-line-options.js';
import type { SecretRule } from './secret-rule.js';

/** The start of a netrc entry: `machine <host>` or `default`. */
const NETRC_ENTRY = /(?<![\w-])(?:machine[ \t\r\n]+\S+|default)(?![\w-])/g;
/** Farthest a netrc entry's tokens are read after its start, in characters. */
const NETRC_ENTRY_CHARS = 512;
/** An entry's `login <user>` token pair. */
const NETRC_LOGIN = /(?<![\w-])login[ \t\r\n]+\S/;
/** An entry's `password <password>` token pair (the password: group 1). */
const NETRC_PASSWORD = /(?<![\w-])password[ \t\r\n]+(\S+)/g;

/**
 * A `.pgpass` line: host (a name or address, with a letter or a dot, or `*`), port (digits or
 * `*`), database, user, password; a field is characters other than `:`, `\` and spaces, or a
 * `\`-escape. Linear in the line's length: fields cannot trade characters (none holds `:`), and
 * the host's letter is found by a lookahead rather than by splitting the field.
 */
const PGPASS_LINE =
  /^(?:\*|(?=[^:\n]*[A-Za-z.])(?:[^:\\\s]|\\.)+):(?:\d{1,5}|\*):(?:[^:\\\s]|\\.)+:(?:[^:\\\s]|\\.)+:((?:[^:\\\s]|\\.)+)[ \t\r]*$/gm;

/** The password of a netrc entry (one with a `login` too) or of a pgpass line. */
export const PASSWORD_FILE_LINES_RULE: SecretRule = {
  what: 'a .netrc or .pgpass password',
  *find(text) {
    const entries = [...text.matchAll(NETRC_ENTRY)];
    for (const [at, entry] of entries.entries()) {
      const end = Math.min(
        entries[at + 1]?.index ?? text.length,
        entry.index + entry[0].length + NETRC_ENTRY_CHARS,
      );
      const body = text.slice(entry.index, end);
      if (!NETRC_LOGIN.test(body)) continue;
      for (const found of body.matchAll(NETRC_PASSWORD)) {
        const from = entry.index + found.index;
        if (isPassword(found[1] ?? '')) yield [from, from + found[0].length];
      }
    }
    for (const found of text.matchAll(PGPASS_LINE)) {
      if (isPassword(found[1] ?? '')) yield [found.index, found.index + found[0].length];
    }
  },
};
