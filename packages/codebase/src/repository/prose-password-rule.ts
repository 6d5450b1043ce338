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
 *
 * In prose proper (a document, a comment: `isProseAt`), after an explicit `:`, `=`, `is` or
 * `was`, also a word of letters or of digits alone that ends its sentence (`pwd: correcthorse`,
 * "the password: 12345678") and a quoted passphrase (`password is "correct horse battery"`), as
 * `prose-password-value.ts` judges them; and the word may end a setting's name there (a
 * commented-out `# DB_PASSWORD=…`, `# spring.datasource.password: …`). Detect-secrets' keyword
 * plugin reads such lines; no word's shape told them from code before. The word may stand in
 * Markdown's emphasis or a code span (`**Password:** …`, `_password_: …`, `` `pwd`: … ``), a key of a
 * few words too (`**DB password:** …`, `` `DB password`: … ``).
 */
import { looksLikePassword } from './password-value.js';
import { isProseAt } from './prose-context.js';
import { isPassphrase, isPlainWordPassword } from './prose-password-value.js';
import type { SecretRule } from './secret-rule.js';

/**
 * The word, not followed by a name's or a quoted word's character (`passwordHash`, `password"`);
 * `_` and a backquote after it only close Markdown's emphasis or code span (checked in code).
 */
const PASSWORD_WORD = /(?:pass(?:word|wd|phrase)|pwd)(?![A-Za-z0-9"'-])/gi;

/** Markdown's emphasis or code span opening just before a word: `***`, `**`, `*`, `___`, `__`, `_` or a backquote. */
const EMPHASIS_OPEN = /(?:\*{1,3}|_{1,3}|`)$/;
/** The close of an emphasis after the word, a `:` inside it or not (sticky; groups 1 and 2). */
const EMPHASIS_CLOSE = /(:?)(\*{1,3}|_{1,3}|`)/y;
/**
 * An emphasis or a code span opening a few words before the word, the key's other words (`**DB password:**`,
 * `***Admin Password***`, or the same in backquotes): group 1 the opening, group 2 the words up
 * to the word.
 */
const KEY_OPENING =
  /(\*{1,3}|_{1,3}|`)([A-Za-z][A-Za-z0-9-]*(?:[ \t]+[A-Za-z][A-Za-z0-9-]*){0,2}[ \t]+)$/;

/** Where a word in Markdown's emphasis or code span opens and closes. */
interface Emphasis {
  /** Index of the emphasis' first character. */
  start: number;
  /** Index after its last. */
  end: number;
  /** Whether a `:` closes the word inside it (`**Password:** …`). */
  colon: boolean;
}

/**
 * The emphasis or code span around the word at [start, end): `**Password:**`, `_password_`,
 * `` `pwd` ``, `***Password***`, or around a key of a few words ending with it (`**DB password:**`,
 * or in a code span, read as `DB password:` is); null when the word is not in one.
 */
function emphasisAround(text: string, start: number, end: number): Emphasis | null {
  let open = EMPHASIS_OPEN.exec(text.slice(Math.max(0, start - 3), start))?.[0];
  let openStart = start - (open?.length ?? 0);
  if (open === undefined) {
    const lineStart = text.lastIndexOf('\n', start - 1) + 1;
    const key = KEY_OPENING.exec(text.slice(Math.max(lineStart, start - 64), start));
    if (!key) return null;
    open = key[1] ?? '';
    openStart = start - (key[2] ?? '').length - open.length;
    // The opening begins a key, not a word's inside (`a**b password**`).
    if (openStart > 0 && !/[\s(]/.test(text.charAt(openStart - 1))) return null;
  }
  const close = new RegExp(EMPHASIS_CLOSE);
  close.lastIndex = end;
  const found = close.exec(text);
  if (!found || found[2] !== open) return null;
  return { start: openStart, end: close.lastIndex, colon: found[1] === ':' };
}
/**
 * Characters that put the word inside a name or a quoted word when before it (`db_password`,
 * `"password"`, `--password`, `user.password`); checked in code, not by a lookbehind, which the
 * engine would try at every position of the text.
 */
const INSIDE_NAME = /[\w$"'`.-]/;

/**
 * Characters before the word that make it the end of a setting's name, read as one in prose only
 * (`# DB_PASSWORD=…`, `# datasource.password: …`).
 */
const SETTING_NAME_PART = /[\w.]/;

/**
 * What follows the word (sticky): a separator (group 1: `:`, `=`, `is`, `was`, `of`, or spaces
 * alone), then a quoted or backticked value (group 3) or a bare word (group 4, to the next space,
 * quote or backslash: `\n` in a string), each at most 128 characters.
 */
const VALUE_AFTER =
  /([ \t]*[:=][ \t]*|[ \t]+(?:is|was|of)[ \t]+|[ \t]+)(?:(["'`])([^"'`\n]{1,128})\2|([^\s"'`\\]{1,128}))/iy;

/** A separator that gives the value explicitly: `:`, `=`, `is`, `was`. */
const EXPLICIT_SEPARATOR = /[:=]|\b(?:is|was)\b/i;

/** The rest of a line after a sentence's last word: spaces, a comment's close (sticky). */
const LINE_END = /[ \t]*(?:\*\/|-->)?[ \t]*\r?(?:\n|$)/y;

/** An e-mail address (`user@example.com`), a bare word's whole shape. */
const E_MAIL = /^[\w.+-]+@[\w-]+(?:\.[\w-]+)+[.,;:!?)]*$/;

/** Punctuation that ends a sentence or a list after a bare word, not part of the value. */
const TRAILING = /[.,;:!?)\]]+$/;

/** Whether the text at `end` goes on a call or an index (`password = os.environ["…"]`). */
function continuesCode(text: string, end: number): boolean {
  return /["'`([{]/.test(text.charAt(end));
}

/** Whether a line ends at `end`, past spaces and a comment's close. */
function endsLine(text: string, end: number): boolean {
  const rest = new RegExp(LINE_END);
  rest.lastIndex = end;
  return rest.test(text);
}

/**
 * Whether a value the prose rule found after the word is a password.
 * @param found - the match of {@link VALUE_AFTER}.
 * @param prose - whether it is in prose proper (`isProseAt`), where the looser shapes are read.
 * @param colon - whether a `:` closed the word inside its emphasis (`**Password:** …`).
 */
function isProsePassword(
  text: string,
  found: RegExpExecArray,
  { prose, colon }: { prose: boolean; colon: boolean },
): boolean {
  const end = found.index + found[0].length;
  const explicit = prose && (colon || EXPLICIT_SEPARATOR.test(found[1] ?? ''));
  const quoted = found[3];
  if (quoted !== undefined) {
    return looksLikePassword(quoted, 4) || (explicit && isPassphrase(quoted));
  }
  const bare = found[4] ?? '';
  if (continuesCode(text, end)) return false;
  // An option is the next word of a usage line, not a value (`--password=PASSWORD
  // --user=NAME`: fresh-user trial 45).
  if (bare.startsWith('-')) return false;
  // Whose password it is, not the password: "the password of user@example.com".
  if (E_MAIL.test(bare)) return false;
  if (looksLikePassword(bare.replace(TRAILING, ''), 6, true)) return true;
  // `pwd: correcthorse`, "the password: 12345678.": the sentence's last word.
  const word = /^(\w+)[.!]?$/.exec(bare)?.[1];
  return explicit && word !== undefined && endsLine(text, end) && isPlainWordPassword(word);
}

/** A password written after its word in prose; each range runs from the word through the value. */
export const PROSE_PASSWORD_RULE: SecretRule = {
  what: 'a password in prose',
  *find(text, filePath) {
    const after = new RegExp(VALUE_AFTER);
    for (const word of text.matchAll(PASSWORD_WORD)) {
      const wordEnd = word.index + word[0].length;
      const emphasis = emphasisAround(text, word.index, wordEnd);
      // `password_hash`, `` `password` `` without its opening: a name, a code span's text.
      if (!emphasis && /[_`]/.test(text.charAt(wordEnd))) continue;
      const start = emphasis?.start ?? word.index;
      const before = text.charAt(start - 1);
      const inName = INSIDE_NAME.test(before);
      let prose: boolean | undefined;
      const isProse = () => {
        prose ??= isProseAt(text, start, filePath);
        return prose;
      };
      if (inName && !(SETTING_NAME_PART.test(before) && isProse())) continue;
      after.lastIndex = emphasis?.end ?? wordEnd;
      const found = after.exec(text);
      if (!found) continue;
      // A setting's name is given its value by `:` or `=`, not by a word of a sentence, and a
      // commented-out setting's bare value ends its line (`e.password=null;let i=…` is code).
      if (inName && !/[:=]/.test(found[1] ?? '')) continue;
      if (inName && found[4] !== undefined && !endsLine(text, after.lastIndex)) continue;
      const colon = emphasis?.colon ?? false;
      if (isProsePassword(text, found, { prose: isProse(), colon })) {
        yield [start, after.lastIndex];
      }
    }
  },
};
