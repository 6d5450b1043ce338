/**
 * What a model is told about each code tool — its description and its zod input schema — in one
 * place, so that every way of serving the tools (the AI SDK tools of `createCodeTools`, the MCP
 * server of the CLI) states the same parameters and the same caps.
 */
import { formatBytes } from '@sightline/core';
import { z } from 'zod';
import { DEFINITION_KINDS } from '../repomap/types.js';
import { MAX_CONTEXT_LINES } from './grep.js';
import { type CodeToolLimits, DEFAULT_LIMITS } from './limits.js';

/**
 * A whole number from `min` to `max`. Both bounds are sent: zod's `int()` alone sends
 * ±9,007,199,254,740,991, tokens that tell a model nothing.
 */
const wholeNumber = (min: number, max: number) => z.number().int().min(min).max(max);

/**
 * Descriptions and input schemas of `grep`, `read_file`, `list_dir` and `find_symbol`.
 * @param limits - caps in force; the descriptions state them, so a model is never told a limit
 *   the tool refuses. Default `DEFAULT_LIMITS`.
 * @returns one `{ description, inputSchema }` per tool, keyed by the tool's snake_case name.
 */
export function codeToolSpecs(limits: CodeToolLimits = {}) {
  const maxGrepResults = limits.maxGrepResults ?? DEFAULT_LIMITS.maxGrepResults;
  const maxReadLines = limits.maxReadLines ?? DEFAULT_LIMITS.maxReadLines;
  const maxListDepth = limits.maxListDepth ?? DEFAULT_LIMITS.maxListDepth;
  const maxFileBytes = formatBytes(limits.maxFileBytes ?? DEFAULT_LIMITS.maxFileBytes);
  // No readable file has more lines than bytes.
  const maxLine = limits.maxFileBytes ?? DEFAULT_LIMITS.maxFileBytes;
  return {
    grep: {
      description: `Search the repository's files for a regular expression (ripgrep; Rust regex syntax, so no look-around or backreferences; escape ( [ { . * + ? to match them literally). Returns matching lines grouped by file, numbered like read_file (\`  12│ code\`, 1-based); long lines are cut around the match. With context, the lines around each match are shown too and matches are marked \`>\`. Case-insensitive unless caseSensitive is true. Honours .gitignore and skips binary files, files over ${maxFileBytes}, vendored folders (node_modules, vendor, …), secret files and lines that hold secrets. Use it to find where an identifier, error message or string appears, then read_file around the line numbers.`,
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
        maxResults: wholeNumber(1, maxGrepResults)
          .optional()
          .describe(`Most matches to return, 1-${maxGrepResults}. Default 50.`),
        context: wholeNumber(0, MAX_CONTEXT_LINES)
          .optional()
          .describe(
            `Lines to show before and after each match, 0-${MAX_CONTEXT_LINES}; saves a read_file for a quick look. Default 0.`,
          ),
      }),
    },
    read_file: {
      description: `Read lines of a repository file, numbered like \`  12│ code\` (1-based). Returns at most ${maxReadLines} lines per call and tells the total line count; to read on, call again with startLine. Prefer a focused range (say 40-80 lines around a grep hit or a definition) over whole files. Refuses folders (use list_dir), binary files and secret files.`,
      inputSchema: z.object({
        path: z
          .string()
          .describe('File path relative to the repository root, e.g. `src/cart/total.ts`.'),
        startLine: wholeNumber(1, maxLine)
          .optional()
          .describe('First line to read, 1-based. Default 1.'),
        endLine: wholeNumber(1, maxLine)
          .optional()
          .describe(`Last line to read, inclusive. Default startLine + ${maxReadLines - 1}.`),
      }),
    },
    list_dir: {
      description:
        'List a repository folder as an indented tree: folders first (ending in `/`), then files with size and line count; symlinks are marked and not followed. Honours .gitignore and hides vendored folders. Use it to get oriented and to find where a module lives.',
      inputSchema: z.object({
        path: z
          .string()
          .optional()
          .describe('Folder relative to the repository root. Default: the root.'),
        depth: wholeNumber(1, maxListDepth)
          .optional()
          .describe(
            `Levels to show, 1-${maxListDepth}: 1 lists only the folder itself. Default 2.`,
          ),
      }),
    },
    find_symbol: {
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
    },
  };
}
