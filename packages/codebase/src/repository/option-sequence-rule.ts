/**
 * A password option and its value as two items of a YAML sequence, as a container's `args:` or
 * `command:` lists a program's arguments one per line (trial 48: Kubernetes' `- --requirepass`
 * then `- …` was shown):
 *
 *     args:
 *       - --requirepass
 *       - "…"
 *
 * The option is a secret-named one or a program's password option (`isSecretKey` of the literal
 * pair rule, which reads the same pair written on one line, `["--requirepass", "…"]`).
 */
import { isSecretKey } from './literal-pair-rule.js';
import { looksLikePassword } from './password-value.js';
import type { SecretRule } from './secret-rule.js';

/**
 * A sequence item holding an option (group 3, quoted or not), then the next line's item at the
 * same indentation (group 1) holding its value (group 5, quoted or not), each at most 256
 * characters.
 */
const ITEM_PAIR =
  /^([ \t]*)-[ \t]+(["']?)(-{1,2}[\w.-]{1,100})\2[ \t]*\r?\n\1-[ \t]+(["']?)([^\s"'#][^\n"']{0,255}?)\4[ \t]*(?=\r?\n|$)/gm;

/** A password option's value as the next item of a YAML sequence; each range is the value's item. */
export const OPTION_SEQUENCE_RULE: SecretRule = {
  what: "a password option's value in a YAML sequence",
  *find(text) {
    for (const found of text.matchAll(ITEM_PAIR)) {
      const value = found[5] ?? '';
      if (!isSecretKey(found[3] ?? '') || value.startsWith('-') || !looksLikePassword(value))
        continue;
      const end = found.index + found[0].length;
      yield [end - (found[0].length - found[0].indexOf('\n') - 1), end];
    }
  },
};
