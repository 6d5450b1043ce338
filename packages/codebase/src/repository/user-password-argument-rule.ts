/**
 * Passwords given on a command line together with their user, as the tools' manuals write them:
 * Samba's clients `-U user%password` and `--user=user%password` (smbclient(1), rpcclient, net),
 * lftp's `-u user,password` (lftp(1), `open -u` in its `-c` commands too), and htpasswd's batch
 * mode `htpasswd -b[c…] <file> <user> <password>` and `htpasswd -nb <user> <password>` (Apache's htpasswd,
 * where `-b` takes the password from the command line). No option of theirs is named for a
 * password, for the other command-line rules to read.
 */
import { isPassword, programOptions } from './command-line-options.js';
import type { SecretRule } from './secret-rule.js';

/** Samba's client programs. */
const SAMBA =
  /\b(?:smbclient|rpcclient|smbcacls|smbcquotas|smbget|smbtree|net[ \t]+(?:ads|rpc|sam))(?:\.exe)?(?![\w.-])/g;
/** `-U <user>%<password>` or `--user=<user>%<password>` (group 1: the password). */
const SAMBA_USER =
  /(?<=[\s"'])(?:-U[ \t]*|--user(?:name)?[= \t][ \t]*)["']?[^\s%"']+%([^\s"'&|;]+)/g;

/** lftp. */
const LFTP = /\blftp(?![\w.-])/g;
/** `-u <user>,<password>` (group 1: the password). */
const LFTP_USER = /(?<=[\s"'])-u[ \t]+["']?[^\s,"']+,([^\s"'&|;]+)/g;

/**
 * htpasswd, and the rest of its command (group 1): to the line's end, a shell operator or a
 * backquote (the end of a code span: "`htpasswd -b`, Samba's clients" is no command).
 */
const HTPASSWD = /\bhtpasswd(?:\.exe)?[ \t]+([^\n&|;`]{1,512})/g;
/** One shell word: quoted, or up to a space or a quote (the end of a string the command is in). */
const WORD = /"[^"]*"|'[^']*'|[^\s"'`]+/g;

/**
 * The range of the password in an htpasswd command's arguments, when `-b` is among its flags:
 * the third word after the flags (`file user password`), the second with `-n` (no file).
 * @param args - the arguments after `htpasswd`.
 * @returns the password's [start, end) in `args`, or null.
 */
function htpasswdPassword(args: string): [number, number] | null {
  let flags = '';
  const positional: RegExpMatchArray[] = [];
  let takesValue = false;
  for (const word of args.matchAll(WORD)) {
    if (takesValue) {
      takesValue = false;
    } else if (positional.length === 0 && /^-[A-Za-z0-9]+$/.test(word[0])) {
      flags += word[0].slice(1);
      // `-C cost` and `-r rounds` take a number as the next word.
      takesValue = /[Cr]$/.test(word[0]);
    } else {
      positional.push(word);
    }
  }
  if (!flags.includes('b')) return null;
  const password = positional[flags.includes('n') ? 1 : 2];
  if (!password || !isPassword(password[0])) return null;
  return [password.index ?? 0, (password.index ?? 0) + password[0].length];
}

/** Any program of this module: one pass over a text that names none (most) instead of three. */
const ANY_PROGRAM = /\b(?:smb|rpcclient|net[ \t]+(?:ads|rpc|sam)|lftp|htpasswd)/;

/** A password given on a command line with its user; each range runs from the option through the password. */
export const USER_PASSWORD_ARGUMENT_RULE: SecretRule = {
  what: 'a password on a command line',
  *find(text) {
    if (!ANY_PROGRAM.test(text)) return;
    yield* programOptions(text, SAMBA, SAMBA_USER);
    yield* programOptions(text, LFTP, LFTP_USER);
    for (const found of text.matchAll(HTPASSWD)) {
      const args = found[1] ?? '';
      const password = htpasswdPassword(args);
      if (!password) continue;
      const offset = found.index + found[0].length - args.length;
      yield [found.index, offset + password[1]];
    }
  },
};
