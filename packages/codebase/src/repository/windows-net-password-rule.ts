/**
 * Passwords given to Windows' own commands on a command line, as Microsoft's command-line
 * reference writes them: `net use [device] \\server\share <password> /user:<name>` (the password a
 * positional argument after the share, before or after the options), `net user <name> <password>
 * [/add]`, `cmdkey /pass:<password>` and `schtasks … /rp <password>`. None of them names its
 * password by an option the other command-line rules read (`*` asks for it at the prompt).
 */
import { isOptionPassword, isPassword, programOptions, VALUE } from './command-line-options.js';
import { looksLikePassword } from './password-value.js';
import type { SecretRule } from './secret-rule.js';

/** `net use` or `net user` (group 1: the subcommand), as a word. */
const NET_COMMAND = /\bnet(?:\.exe)?[ \t]+(use|user)(?![\w.-])/gi;

/**
 * The rest of a command on its line (sticky): up to a batch file's `&`, a pipe, a redirection
 * or a backquote (a code span's end in prose), at most 512 characters.
 */
const COMMAND_REST = /[^\n&|<>`]{0,512}/y;

/** One word of a command: quoted, or up to a space or a quote. */
const WORD = /"[^"\n]*"|'[^'\n]*'|[^\s"']+/g;

/** A local device name `net use` maps: `Z:`, `LPT1:`, `*` (the next free one). */
const DEVICE = /^(?:[A-Za-z]:|(?:LPT|COM)\d:|\*)$/i;

/**
 * A shared resource: a UNC path (`\\server\share`, escaped in a string `\\\\server`, or written
 * with `/`), a WebDAV URL, or a variable that holds one (`%SHARE%`, `$share`).
 */
const RESOURCE = /^(?:\\\\|\/\/|https?:\/\/|%\w+%$|\$[\w:]+$)/i;

/**
 * Whether a positional word is a password: quoted, not a placeholder (`*` prompts, `""` is none);
 * bare, also one `looksLikePassword` (four or more characters, not a name or a word of prose).
 */
function isPasswordWord(word: string): boolean {
  if (!isPassword(word) || /^["']?\*?["']?$/.test(word)) return false;
  if (/^["']/.test(word)) return true;
  return !word.startsWith('%') && !word.startsWith('!') && looksLikePassword(word, 4);
}

/**
 * The range of the password in the words after `net use` or `net user`, in the rest's own
 * offsets; null when none.
 */
function netPassword(subcommand: string, rest: string): [number, number] | null {
  const positional = [...rest.matchAll(WORD)].filter((word) => !word[0].startsWith('/'));
  let password: RegExpExecArray | RegExpMatchArray | undefined;
  if (subcommand.toLowerCase() === 'user') {
    password = positional[1];
  } else {
    const first = positional[0]?.[0] ?? '';
    const resource = DEVICE.test(first) ? 1 : 0;
    if (!RESOURCE.test(positional[resource]?.[0] ?? '')) return null;
    password = positional[resource + 1];
  }
  if (!password || !isPasswordWord(password[0])) return null;
  const start = password.index ?? 0;
  return [start, start + password[0].length];
}

/** `cmdkey`, `schtasks` and their password options (value group 1). */
const CMDKEY = /\bcmdkey(?:\.exe)?(?![\w.-])/gi;
const CMDKEY_PASS = new RegExp(String.raw`(?<=[\s"'])\/pass:${VALUE}`, 'gi');
const SCHTASKS = /\bschtasks(?:\.exe)?(?![\w.-])/gi;
const SCHTASKS_RP = new RegExp(String.raw`(?<=[\s"'])\/rp[ \t]+${VALUE}`, 'gi');

/** A password given to a Windows command; each range runs from the command through the password. */
export const WINDOWS_NET_PASSWORD_RULE: SecretRule = {
  what: "a password on a Windows command's line",
  *find(text) {
    const rest = new RegExp(COMMAND_REST);
    for (const found of text.matchAll(NET_COMMAND)) {
      const from = found.index + found[0].length;
      rest.lastIndex = from;
      const words = rest.exec(text)?.[0] ?? '';
      const password = netPassword(found[1] ?? '', words);
      if (password) yield [found.index, from + password[1]];
    }
    yield* programOptions(text, CMDKEY, CMDKEY_PASS, isOptionPassword);
    yield* programOptions(text, SCHTASKS, SCHTASKS_RP, isOptionPassword);
  },
};
