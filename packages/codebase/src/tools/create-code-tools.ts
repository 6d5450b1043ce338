/**
 * The four read-only code tools as AI SDK tools, ready to spread into a `ToolSet`:
 * `grep`, `read_file`, `list_dir`, `find_symbol`. Each resolves to a success object whose `text`
 * the model reads, or a `{ error: { code, message } }` value; none throws (see `tool-result.ts`).
 */
import { toToolError } from '@sightline/core';
import { tool } from 'ai';
import { indexRepository } from '../repomap/index-repository.js';
import type { RepositoryIndex } from '../repomap/types.js';
import { codeToolSpecs } from './code-tool-specs.js';
import { findSymbol } from './find-symbol.js';
import { grep } from './grep.js';
import type { CodeToolLimits } from './limits.js';
import { listDir } from './list-dir.js';
import { readFile } from './read-file.js';
import { toCodeToolModelOutput } from './tool-result.js';

/** Options of {@link createCodeTools}. */
export interface CreateCodeToolsOptions {
  /** Repository root the tools are confined to. */
  root: string;
  /** Repository index for `find_symbol`. Default: built with `indexRepository(root)` on first use. */
  index?: RepositoryIndex;
  /** Let grep and read_file see secret-looking files (.env, keys, credentials). Default false. */
  allowSecrets?: boolean;
  /** Caps of the tools. Default `DEFAULT_LIMITS`. */
  limits?: CodeToolLimits;
}

/**
 * Creates the code tools for one repository.
 * @returns `{ grep, read_file, list_dir, find_symbol }` AI SDK tools; their results are sent to
 *   the model as plain text (success) or an error object (failure) via `toModelOutput`.
 * @example
 * const tools = createCodeTools({ root: '/path/to/repo', index });
 * await generateText({ model, tools, prompt: 'Where is the cart total computed?' });
 */
export function createCodeTools({
  root,
  index,
  allowSecrets = false,
  limits = {},
}: CreateCodeToolsOptions) {
  let pendingIndex: Promise<RepositoryIndex> | undefined = index && Promise.resolve(index);
  const loadIndex = () => {
    pendingIndex ??= indexRepository(root).catch((error: unknown) => {
      pendingIndex = undefined;
      throw error;
    });
    return pendingIndex;
  };
  const specs = codeToolSpecs(limits);
  return {
    grep: tool({
      ...specs.grep,
      execute: ({ pattern, ...options }) =>
        grep(root, pattern, { ...limits, ...options, allowSecrets }),
      toModelOutput: ({ output }) => toCodeToolModelOutput(output),
    }),
    read_file: tool({
      ...specs.read_file,
      execute: ({ path, ...range }) => readFile(root, path, { ...limits, ...range, allowSecrets }),
      toModelOutput: ({ output }) => toCodeToolModelOutput(output),
    }),
    list_dir: tool({
      ...specs.list_dir,
      execute: ({ path, depth }) => listDir(root, path, { ...limits, depth, allowSecrets }),
      toModelOutput: ({ output }) => toCodeToolModelOutput(output),
    }),
    find_symbol: tool({
      ...specs.find_symbol,
      execute: async ({ name, kind }) => {
        try {
          return await findSymbol(await loadIndex(), name, { ...limits, kind });
        } catch (error) {
          return toToolError(error);
        }
      },
      toModelOutput: ({ output }) => toCodeToolModelOutput(output),
    }),
  };
}
