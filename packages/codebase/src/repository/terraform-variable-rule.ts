/**
 * The default of a secret-named Terraform (or OpenTofu) input variable, written in its block on a
 * line of its own: `variable "db_password" {`, then a `default = "…"` line below, a heredoc
 * `default = <<EOT` and its lines, or a list's or a map's (`variable "db_passwords" { default =
 * ["…"] }`, `default = { admin = "…" }`, on one line or over several; a plural name is a secret's
 * as its singular is) (HashiCorp's
 * "Input Variables": `type`, `description`, `sensitive` and `default` are the block's arguments).
 * The named-literal rule reads the name `default`, not the variable's; `sensitive = true` hides the
 * value from Terraform's output, not from the file.
 */

import { isSecretSettingPointer, SECRET_SETTING } from './secret-names.js';
import { PLACEHOLDER } from './secret-placeholder.js';
import type { SecretRule } from './secret-rule.js';

/**
 * A variable block's opening, its name group 1; that it opens its line is checked in code (a
 * pattern that opens with its literal is searched for faster than one tried at every line start).
 */
const VARIABLE_BLOCK = /variable[ \t]+"([\w-]{1,100})"[ \t]*\{/g;
/** A block's `default = "…"` argument, its literal group 1 (at most 256 characters). */
const DEFAULT = /(?:^|\{)[ \t]*default[ \t]*=[ \t]*"((?:[^"\\\n]|\\.){1,256})"/m;
/** A block's `default = <<EOT` (or `<<-EOT`) heredoc argument, its marker group 1. */
const HEREDOC_DEFAULT = /^[ \t]*default[ \t]*=[ \t]*<<-?([A-Za-z_]\w*)[ \t]*$/m;
/** A block's `default = [` or `default = {` argument: a list's or a map's (its bracket ends it). */
const COLLECTION_DEFAULT = /(?:^|\{)[ \t]*default[ \t]*=[ \t]*([[{])/m;
/** A string literal in a collection, its text group 1, not a map's quoted key (`"admin" = …`). */
const COLLECTION_STRING = /"((?:[^"\\\n]|\\.){0,256})"(?![ \t]*[=:])/g;

/** Farthest a block is read for its default, in characters. */
const BLOCK_CHARS = 2048;

/**
 * The text of a block that opens at `from` (its `variable` line's start): that line when the
 * block closes there, else to its closing `}`, at most {@link BLOCK_CHARS}.
 */
function blockAt(text: string, from: number): string {
  const block = text.slice(from, from + BLOCK_CHARS);
  const newline = block.indexOf('\n');
  if (newline === -1) return block;
  const firstLine = block.slice(0, newline);
  // `variable "db_password" { default = "…" }`: a block on one line.
  if (/\}[ \t]*(?:#.*)?$/.test(firstLine)) return firstLine;
  // Its `}` is indented as its `variable` is (a `validation { … }` inside closes deeper).
  const indent = /^[ \t]*/.exec(firstLine)?.[0] ?? '';
  const close = new RegExp(String.raw`^${indent}\}`, 'm').exec(block.slice(newline + 1));
  return close ? block.slice(0, newline + 1 + close.index) : block;
}

/**
 * The range in a block of its heredoc default, `default = <<EOT` through its `EOT` line, when a
 * line of the heredoc holds a value (not a placeholder or a template alone); null when none.
 */
function heredocDefault(block: string): [number, number] | null {
  const opening = HEREDOC_DEFAULT.exec(block);
  if (!opening) return null;
  const from = opening.index + opening[0].length;
  const closing = new RegExp(String.raw`^[ \t]*${opening[1]}[ \t]*$`, 'm').exec(block.slice(from));
  const end = closing ? from + closing.index + closing[0].length : block.length;
  const value = block.slice(from, closing ? from + closing.index : end).trim();
  if (PLACEHOLDER.test(value) || /^\$\{[^}]*\}$/.test(value)) return null;
  return [opening.index, end];
}

/**
 * The range in a block of its list or map default, `default = [` through its closing bracket
 * (strings skipped), when a string in it holds a value (not a placeholder, a template or `…`);
 * null when none.
 */
function collectionDefault(block: string): [number, number] | null {
  const opening = COLLECTION_DEFAULT.exec(block);
  if (!opening) return null;
  const open = opening.index + opening[0].length - 1;
  let depth = 0;
  let end = block.length;
  for (let at = open; at < block.length; at++) {
    const char = block[at];
    if (char === '"') {
      at++;
      while (at < block.length && block[at] !== '"' && block[at] !== '\n') {
        at += block[at] === '\\' ? 2 : 1;
      }
    } else if (char === '[' || char === '{') depth++;
    else if ((char === ']' || char === '}') && --depth === 0) {
      end = at + 1;
      break;
    }
  }
  const strings = [...block.slice(open, end).matchAll(COLLECTION_STRING)].map((found) => found[1]);
  if (!strings.some((value) => value !== undefined && isSecretValue(value))) return null;
  return [opening.index, end];
}

/** Whether a default's literal holds a value: not a placeholder, a template (`${var.x}`) or `…`. */
function isSecretValue(value: string): boolean {
  return !PLACEHOLDER.test(value) && !/\$\{|…/.test(value);
}

/**
 * Whether a variable's name is a secret's (`SECRET_SETTING`, not a pointer), its singular too
 * (`db_passwords`, `api_tokens`, `secrets`).
 */
function isSecretName(name: string): boolean {
  return [name, name.replace(/s$/, '')].some(
    (form) => SECRET_SETTING.test(form) && !isSecretSettingPointer(form),
  );
}

/** A secret-named variable's default; each range is the `default` argument's. */
export const TERRAFORM_VARIABLE_RULE: SecretRule = {
  what: "a secret-named Terraform variable's default",
  *find(text) {
    for (const found of text.matchAll(VARIABLE_BLOCK)) {
      // Only spaces before it on its line (read back over them, not to the line's start: a
      // minified line is megabytes long).
      let lineStart = found.index;
      while (lineStart > 0 && /[ \t]/.test(text.charAt(lineStart - 1))) lineStart--;
      if (lineStart > 0 && text.charAt(lineStart - 1) !== '\n') continue;
      const name = found[1] ?? '';
      if (!isSecretName(name)) continue;
      const block = blockAt(text, lineStart);
      const multiLine = heredocDefault(block) ?? collectionDefault(block);
      if (multiLine) {
        yield [lineStart + multiLine[0], lineStart + multiLine[1]];
        continue;
      }
      const value = DEFAULT.exec(block);
      // `default = "${var.x}"`, `default = "<password>"`: a template or a placeholder.
      if (!value || !isSecretValue(value[1] ?? '')) continue;
      const start = lineStart + value.index;
      yield [start, start + value[0].length];
    }
  },
};
