/**
 * A password written in prose: a README's "user `admin`, password `…`", a comment's
 * "the admin password is hunter2…", a ticket's "password: …". The word `password`, `passwd`,
 * `passphrase` or `pwd` on its own (not part of a name or a quoted word: `db_password`, `--password`), then
 * `:`, `=`, `is`, `was`, `of` or only a space, then a value: quoted or backticked and not a name
 * (`'string'`, `` `required` ``), or a bare word that also has a letter and a digit or a symbol
 * and no brackets (`looksLikePassword`, strict). Not withheld: "the password is stored in the
 * keychain", "password field is required", "password: string", "password = getPassword()",
 * "password is null", placeholders (`<password>`, `changeme`, `***`, `${PASSWORD}`, `xxx`). No
 * scanner Sightline uses reads prose; fresh-user trial 43 found both examples shown.
 */
import { looksLikePassword } from './password-value.js';
import type { SecretRule } from './secret-rule.js';

/** The word, not followed by a name's or a quoted word's character (`passwordHash`, `password"`). */
const PASSWORD_WORD = /(?:pass(?:word|wd|phrase)|pwd)(?![\w"'`-])/gi;
/**
 * Characters that put the word inside a name or a quoted word when before it (`db_password`,
 * `"password"`, `--password`, `user.password`); checked in code, not by a lookbehind, which the
 * engine would try at every position of the text.
 */
const INSIDE_NAME = /[\w$"'`.-]/;

/**
 * What follows the word (sticky): a separator (`:`, `=`, `is`, `was`, `of`, or spaces alone), then
 * a quoted or backticked value (group 2) or a bare word (group 3, to the next space, quote or backslash: `\n` in a string),
 * each at most 128 characters.
 */
const VALUE_AFTER =
  /(?:[ \t]*[:=][ \t]*|[ \t]+(?:is|was|of)[ \t]+|[ \t]+)(?:(["'`])([^"'`\n]{1,128})\1|([^\s"'`\\]{1,128}))/iy;

/** An e-mail address (`user@example.com`), a bare word's whole shape. */
const E_MAIL = /^[\w.+-]+@[\w-]+(?:\.[\w-]+)+[.,;:!?)]*$/;

/** Punctuation that ends a sentence or a list after a bare word, not part of the value. */
const TRAILING = /[.,;:!?)\]]+$/;

/** Whether the text at `end` goes on a call or an index (`password = os.environ["…"]`). */
function continuesCode(text: string, end: number): boolean {
  return /["'`([{]/.test(text.charAt(end));
}

/** A password written after its word in prose; each range runs from the word through the value. */
export const PROSE_PASSWORD_RULE: SecretRule = {
  what: 'a password in prose',
  *find(text) {
    const after = new RegExp(VALUE_AFTER);
    for (const word of text.matchAll(PASSWORD_WORD)) {
      if (INSIDE_NAME.test(text.charAt(word.index - 1))) continue;
      after.lastIndex = word.index + word[0].length;
      const found = after.exec(text);
      if (!found) continue;
      const quoted = found[2];
      const secret =
        quoted !== undefined
          ? looksLikePassword(quoted, 4)
          : !continuesCode(text, after.lastIndex) &&
            // An option is the next word of a usage line, not a value (`--password=PASSWORD
            // --user=NAME`: fresh-user trial 45).
            !(found[3] ?? '').startsWith('-') &&
            // Whose password it is, not the password: "the password of user@example.com".
            !E_MAIL.test(found[3] ?? '') &&
            looksLikePassword((found[3] ?? '').replace(TRAILING, ''), 6, true);
      if (secret) yield [word.index, after.lastIndex];
    }
  },
};
