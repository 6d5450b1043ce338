/** The read-only code tools an agent investigates a repository with. */
export { codeToolSpecs } from './code-tool-specs.js';
export { type CreateCodeToolsOptions, createCodeTools } from './create-code-tools.js';
export {
  type FindSymbolOptions,
  type FindSymbolResult,
  findSymbol,
} from './find-symbol.js';
export {
  type GrepFileMatches,
  type GrepMatch,
  type GrepOptions,
  type GrepResult,
  grep,
  MAX_CONTEXT_LINES,
} from './grep.js';
export { type CodeToolLimits, DEFAULT_LIMITS } from './limits.js';
export { type ListDirEntry, type ListDirOptions, type ListDirResult, listDir } from './list-dir.js';
export { type ReadFileOptions, type ReadFileResult, readFile } from './read-file.js';
export {
  type CodeToolModelOutput,
  type CodeToolResult,
  type CodeToolSuccess,
  toCodeToolModelOutput,
} from './tool-result.js';
