/**
 * Secret-named settings of a Dockerfile's `ENV` and `ARG` instructions (Dockerfile reference:
 * `ENV <key>=<value> ...`, the older `ENV <key> <value>` whose value is the rest of the line, and
 * `ARG <name>[=<default value>]`; instructions are case-insensitive and a line ending in `\`
 * goes on). The value is baked into the image and its history. The settings rule reads
 * `KEY=value` lines only, so `ENV DB_PASSWORD=…` was shown (fresh-user trial 43).
 */
import { isSecretSettingPointer, SECRET_SETTING, snakeCase } from './secret-names.js';
import { PLACEHOLDER } from './secret-placeholder.js';
import type { SecretRule } from './secret-rule.js';

/** Dockerfiles and Containerfiles: `Dockerfile`, `Dockerfile.prod`, `app.dockerfile`, `Containerfile`. */
const DOCKERFILE =
  /(?:^|[/\\])(?:(?:docker|container)file(?:\.[^/\\]*)?|[^/\\]*\.(?:docker|container)file)$/i;

/**
 * An `ENV` or `ARG` instruction at a line's start: in a Dockerfile any case; elsewhere (a
 * Dockerfile quoted in a README or a report) upper case only, as Dockerfiles are written, and
 * also inside a line after a space or a backtick (`` Add `ENV DB_PASSWORD=…` to the image ``:
 * fresh-user trial 45), which {@link quotedStart} checks.
 */
const INSTRUCTION = /^[ \t]*(?:ENV|ARG)[ \t]+/gim;
const QUOTED_INSTRUCTION = /(?:ENV|ARG)[ \t]+/g;

/**
 * Whether a quoted instruction found at `index` starts one: at the text's start or after a space,
 * a tab, a line break or a backtick (checked here, not by a lookbehind the engine would try at
 * every position).
 */
function quotedStart(text: string, index: number): boolean {
  return index === 0 || /[\s`]/.test(text.charAt(index - 1));
}

/** One `key=value` pair: the key (group 1) and its value, quoted or a word (group 2), bounded. */
const PAIR = /(?:^|[ \t])([A-Za-z_][\w.-]{0,200})=("[^"\n]{0,256}"|'[^'\n]{0,256}'|[^\s"'\\]*)/g;
/** The older form, `<key> <value>`: the key (group 1) and the rest of the line (group 2). */
const SPACE_FORM = /^([A-Za-z_][\w.-]{0,200})[ \t]+([^=\s][^\n]*)$/;

/** Whether a setting is a secret's and is given a value that is not a placeholder. */
function isSecretSetting(key: string, raw: string): boolean {
  const name = snakeCase(key);
  if (!SECRET_SETTING.test(name) || isSecretSettingPointer(name)) return false;
  const value = raw
    .replace(/[ \t]*\\$/, '')
    .trim()
    .replace(/^["']|["']$/g, '');
  // An ellipsis is prose's elision, not a value (`ENV DB_PASSWORD=…` in this rule's own docs).
  return !PLACEHOLDER.test(value) && !/^(?:…|\.{3})/.test(value);
}

/**
 * The `ENV` and `ARG` lines (a continued instruction's lines each) that give a secret-named key a
 * value other than a placeholder (`${DB_PASSWORD}`, `$TOKEN`, empty): each such physical line is a
 * range. Outside a Dockerfile the older form counts only with a one-word value (prose says
 * "ENV DB_PASSWORD is set by the host").
 */
export const DOCKERFILE_SETTING_RULE: SecretRule = {
  what: 'a secret-named Dockerfile setting',
  *find(text, filePath) {
    const dockerfile = DOCKERFILE.test(filePath);
    for (const opening of text.matchAll(dockerfile ? INSTRUCTION : QUOTED_INSTRUCTION)) {
      if (!dockerfile && !quotedStart(text, opening.index)) continue;
      // In a code span the instruction ends at the span's closing backtick.
      const spanned = !dockerfile && text.charAt(opening.index - 1) === '`';
      // The instruction's lines: its own, and each one a `\` at a line's end goes on to.
      let from = opening.index + opening[0].length;
      let start = text.lastIndexOf('\n', opening.index) + 1;
      for (;;) {
        const newline = text.indexOf('\n', from);
        const end = newline === -1 ? text.length : newline;
        const line = text.slice(start, end).replace(/\r$/, '');
        const rest = text.slice(from, start + line.length);
        const closing = spanned ? rest.indexOf('`') : -1;
        const body = closing === -1 ? rest : rest.slice(0, closing);
        if (isSecretLine(body, start <= opening.index, dockerfile)) {
          yield [start, start + line.length];
        }
        if (newline === -1 || !line.endsWith('\\')) break;
        start = from = newline + 1;
      }
    }
  },
};

/**
 * Whether an instruction's line (`body`: after `ENV `, or a continued line whole) gives a secret:
 * a `key=value` pair, or on its first line the older `key value`.
 */
function isSecretLine(body: string, first: boolean, dockerfile: boolean): boolean {
  for (const pair of body.matchAll(PAIR)) {
    if (isSecretSetting(pair[1] ?? '', pair[2] ?? '')) return true;
  }
  const older = first ? SPACE_FORM.exec(body) : null;
  if (!older || (!dockerfile && /\s/.test((older[2] ?? '').trim()))) return false;
  return isSecretSetting(older[1] ?? '', older[2] ?? '');
}
