/**
 * The four read-only code tools as AI SDK tools, ready to spread into a `ToolSet`:
 * `grep`, `read_file`, `list_dir`, `find_symbol`. Each resolves to a success object whose `text`
 * the model reads, or a `{ error: { code, message } }` value; none throws (see `tool-result.ts`).
 */
import { toToolError } from '@sightline/core';
import { tool } from 'ai';
import { z } from 'zod';
import { indexRepository } from '../repomap/index-repository.js';
import { DEFINITION_KINDS, type RepoIndex } from '../repomap/types.js';
import { findSymbol } from './find-symbol.js';
import { grep } from './grep.js';
import { type CodeToolLimits, DEFAULT_LIMITS } from './limits.js';
import { listDir } from './list-dir.js';
import { readFile } from './read-file.js';
import { toCodeToolModelOutput } from './tool-result.js';

/** Options of {@link createCodeTools}. */
export interface CreateCodeToolsOptions {
  /** Repository root the tools are confined to. */
  root: string;
  /** Repository index for `find_symbol`. Default: built with `indexRepository(root)` on first use. */
  index?: RepoIndex;
  /** Let grep and read_file see secret-looking files (.env, keys, credentials). Default false. */
  allowSecrets?: boolean;
  /** Caps of the tools. Default `DEFAULT_LIMITS`. */
  limits?: CodeToolLimits;
}

const wholeNumber = z.number().int();

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
  let pendingIndex: Promise<RepoIndex> | undefined = index && Promise.resolve(index);
  const loadIndex = () => {
    pendingIndex ??= indexRepository(root).catch((error: unknown) => {
      pendingIndex = undefined;
      throw error;
    });
    return pendingIndex;
  };
  // The descriptions state the caps in force, so a model is never told a limit the tool refuses.
  const maxGrepResults = limits.maxGrepResults ?? DEFAULT_LIMITS.maxGrepResults;
  const maxReadLines = limits.maxReadLines ?? DEFAULT_LIMITS.maxReadLines;
  const maxListDepth = limits.maxListDepth ?? DEFAULT_LIMITS.maxListDepth;
  return {
    grep: tool({
      description:
        "Search the repository's files for a regular expression (ripgrep; Rust regex syntax, so no look-around or backreferences; escape ( [ { . * + ? to match them literally). Returns matching lines grouped by file, each as `  <line>: <text>` with 1-based line numbers; long lines are cut around the match. Case-insensitive unless caseSensitive is true. Honours .gitignore and skips binary files, vendored folders (node_modules, vendor, …) and secret files. Use it to find where an identifier, error message or string appears, then read_file around the line numbers.",
      inputSchema: z.object({
        pattern: z
          .string()
          .describe(
            'Regular expression to search for, e.g. `cartTotal\\(` or `Cannot read propert`.',
          ),
        path: z
          .string()
          .optional()
          .describe(
            'Folder or file to search in, relative to the repository root. Default: the whole repository.',
          ),
        glob: z
          .string()
          .optional()
          .describe(
            'Only search files whose path matches this glob, e.g. `*.ts` or `src/**/*.py`.',
          ),
        caseSensitive: z.boolean().optional().describe('Match letter case exactly. Default false.'),
        maxResults: wholeNumber
          .optional()
          .describe(`Most matches to return, 1-${maxGrepResults}. Default 50.`),
      }),
      execute: ({ pattern, ...options }) =>
        grep(root, pattern, { ...limits, ...options, allowSecrets }),
      toModelOutput: ({ output }) => toCodeToolModelOutput(output),
    }),
    read_file: tool({
      description: `Read lines of a repository file, numbered like \`  12│ code\` (1-based). Returns at most ${maxReadLines} lines per call and tells the total line count; to read on, call again with startLine. Prefer a focused range (say 40-80 lines around a grep hit or a definition) over whole files. Refuses folders (use list_dir), binary files and secret files.`,
      inputSchema: z.object({
        path: z
          .string()
          .describe('File path relative to the repository root, e.g. `src/cart/total.ts`.'),
        startLine: wholeNumber.optional().describe('First line to read, 1-based. Default 1.'),
        endLine: wholeNumber
          .optional()
          .describe(`Last line to read, inclusive. Default startLine + ${maxReadLines - 1}.`),
      }),
      execute: ({ path, ...range }) => readFile(root, path, { ...limits, ...range, allowSecrets }),
      toModelOutput: ({ output }) => toCodeToolModelOutput(output),
    }),
    list_dir: tool({
      description:
        'List a repository folder as an indented tree: folders first (ending in `/`), then files with size and line count; symlinks are marked and not followed. Honours .gitignore and hides vendored folders. Use it to get oriented and to find where a module lives.',
      inputSchema: z.object({
        path: z
          .string()
          .optional()
          .describe('Folder relative to the repository root. Default: the root.'),
        depth: wholeNumber
          .optional()
          .describe(
            `Levels to show, 1-${maxListDepth}: 1 lists only the folder itself. Default 2.`,
          ),
      }),
      execute: ({ path, depth }) => listDir(root, path, { ...limits, depth, allowSecrets }),
      toModelOutput: ({ output }) => toCodeToolModelOutput(output),
    }),
    find_symbol: tool({
      description:
        "Find where a function, class, method, type, constant or other named symbol is defined, from the repository's syntax index. Returns each definition's file, line range, kind, enclosing scope and first line. More precise than grep for definitions; use grep to find where a symbol is used.",
      inputSchema: z.object({
        name: z
          .string()
          .describe(
            'The symbol name as written in code, e.g. `cartTotal`, or qualified by its scope: `Cart.total`, `Store::new`. Exact case first, then any case.',
          ),
        kind: z
          .enum(DEFINITION_KINDS)
          .optional()
          .describe('Only definitions of this kind. Default: any.'),
      }),
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
