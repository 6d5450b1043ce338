/**
 * A password written into a PowerShell script as plain text for `ConvertTo-SecureString
 * -AsPlainText` (Microsoft.PowerShell.Security): `ConvertTo-SecureString "…" -AsPlainText -Force`,
 * with `-String "…"` anywhere among its parameters, or piped in (`"…" | ConvertTo-SecureString
 * -AsPlainText`). The literal is the password whatever its shape (the cmdlet's name holds no
 * `password` for the other rules to read); a variable (`$env:DB_PASSWORD`, `$plain`) is none.
 */
import { PLACEHOLDER } from './secret-placeholder.js';
import type { SecretRule } from './secret-rule.js';

const CMDLET = /ConvertTo-SecureString\b/gi;
/** A PowerShell string literal, group 2 its text (at most 256 characters, on one line). */
const LITERAL = String.raw`(["'])([^"'\n]{1,256})\1`;
/** The literal right after the cmdlet, or after its `-String` parameter (sticky). */
const ARGUMENT = new RegExp(String.raw`[ \t]+(?:-String[ \t]+)?${LITERAL}`, 'iy');
/** A `-String "…"` parameter later among the cmdlet's. */
const STRING_PARAMETER = new RegExp(String.raw`-String[ \t]+${LITERAL}`, 'i');
/** A literal piped into the cmdlet, at the end of the text before it. */
const PIPED = new RegExp(String.raw`${LITERAL}[ \t]*\|[ \t]*$`);

/** Farthest the cmdlet's line is read either side of it, in characters. */
const LINE_CHARS = 1024;

/** Whether a literal's text is a password: not a placeholder or an ellipsis, not a variable expanded in it. */
function isPlainPassword(value: string): boolean {
  return !PLACEHOLDER.test(value) && !value.startsWith('$') && !/…|\.{3}/.test(value);
}

/** A plain-text password given to `ConvertTo-SecureString -AsPlainText`; each range runs through the cmdlet's line. */
export const SECURE_STRING_RULE: SecretRule = {
  what: 'a plain-text password for a secure string',
  *find(text) {
    const argument = new RegExp(ARGUMENT);
    for (const found of text.matchAll(CMDLET)) {
      // Its line, at most LINE_CHARS either side (a minified line is megabytes long).
      const before = Math.max(0, found.index - LINE_CHARS);
      const lineStart = before + text.slice(before, found.index).lastIndexOf('\n') + 1;
      const ahead = text.slice(found.index, found.index + LINE_CHARS);
      const lineEnd = found.index + (ahead.includes('\n') ? ahead.indexOf('\n') : ahead.length);
      const after = text.slice(found.index, lineEnd);
      if (!/-AsPlainText\b/i.test(after)) continue;
      argument.lastIndex = found.index + found[0].length;
      const value =
        argument.exec(text)?.[2] ??
        STRING_PARAMETER.exec(after)?.[2] ??
        PIPED.exec(text.slice(Math.max(lineStart, found.index - 300), found.index))?.[2];
      if (value !== undefined && isPlainPassword(value)) yield [lineStart, lineEnd];
    }
  },
};
