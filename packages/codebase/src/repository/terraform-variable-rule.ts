/**
 * The default of a secret-named Terraform (or OpenTofu) input variable, written in its block on a
 * line of its own: `variable "db_password" {`, then a `default = "…"` line below, or a heredoc
 * `default = <<EOT` and its lines (HashiCorp's
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
      if (!SECRET_SETTING.test(name) || isSecretSettingPointer(name)) continue;
      const block = blockAt(text, lineStart);
      const heredoc = heredocDefault(block);
      if (heredoc) {
        yield [lineStart + heredoc[0], lineStart + heredoc[1]];
        continue;
      }
      const value = DEFAULT.exec(block);
      // `default = "${var.x}"`, `default = "<password>"`: a template or a placeholder.
      if (!value || PLACEHOLDER.test(value[1] ?? '') || /\$\{|…/.test(value[1] ?? '')) continue;
      const start = lineStart + value.index;
      yield [start, start + value[0].length];
    }
  },
};
