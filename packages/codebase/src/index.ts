/**
 * @sightline/codebase — knowing a codebase: the repository walk, the tree-sitter index of
 * definitions and references, the repository map, and four sandboxed read-only code tools.
 * Plumbing (reference graph, PageRank, weights, content sniffing) is in
 * `@sightline/codebase/internal`.
 */

// History (when the repository is a git checkout): suspect commits, regression windows, per-file
// bug-fix signals, read-only through the git program.
export type { BlamedCommit, CommitInfo, RangeBlame } from './history/blame-range.js';
export {
  type PrepareCommitGraphOptions,
  type PreparedCommitGraph,
  prepareCommitGraph,
} from './history/commit-graph.js';
export {
  type FileHistoryFeatures,
  historyFeatures,
  isFixSubject,
  type ReadFileHistoryOptions,
  readFileHistory,
} from './history/file-history.js';
export {
  type GitHistory,
  headRevision,
  type OpenGitHistoryResult,
  openGitHistory,
} from './history/open-git-history.js';
export {
  type FindRegressionWindowResult,
  findRegressionWindow,
  type RegressionWindow,
  type WindowCommit,
  type WindowEnd,
} from './history/regression-window.js';
export {
  type FindSuspectCommitsOptions,
  findSuspectCommits,
  type SuspectCommit,
  type SuspectCommitsResult,
  type SuspectRangeInput,
} from './history/suspect-commits.js';
export {
  compareVersions,
  findVersionMentions,
  type VersionMention,
} from './history/version-mentions.js';
// The repository under investigation: root, files, package name, index on demand.
export {
  type OpenRepositoryOptions,
  openRepository,
  type Repository,
} from './open-repository.js';
// The index (tree-sitter tags) and the repository map an agent reads before any tool call.
export { emptyIndexNote } from './repomap/empty-index.js';
export { type FindDefinitionsOptions, findDefinitions } from './repomap/find-definitions.js';
export { type IndexRepositoryOptions, indexRepository } from './repomap/index-repository.js';
export {
  MAP_SIGNATURE_CHARS,
  type RenderRepositoryMapOptions,
  type RepositoryMap,
  type RepositoryMapFile,
  renderRepositoryMap,
} from './repomap/render-map.js';
export {
  type BuildRepositoryMapOptions,
  type BuiltRepositoryMap,
  buildRepositoryMap,
} from './repomap/repo-map.js';
export {
  DEFINITION_KINDS,
  type Definition,
  type DefinitionKind,
  type Focus,
  type IndexedFile,
  type Reference,
  type RepositoryIndex,
} from './repomap/types.js';
// Walking a repository, inside its root (the sandbox every tool goes through).
export { isSecretFile, printablePath, printableText } from './repository/content.js';
export {
  type ListedFile,
  type ListedFiles,
  type ListFilesOptions,
  listRepositoryFiles,
} from './repository/files.js';
export { gateMessage } from './repository/gate-message.js';
export { LANGUAGES, type LanguageInfo, languageForPath } from './repository/languages.js';
export { firstMissingFolder, makeFolders } from './repository/make-folders.js';
export { isOwnFolder, makeOwnFolder, ownFolderObstacle } from './repository/own-folder.js';
export { type ResolvedPath, resolveInRoot, resolveRoot } from './repository/sandbox.js';
// The secret gate every output passes through: tool results, map signatures, evidence quotes,
// verification and patch messages, MCP resources, a console's code context, commit text, reports.
export {
  createFileGate,
  decodeText,
  type GatedText,
  type GatedTexts,
  type GateFileOptions,
  type GateRefusal,
  gateFile,
  gateText,
  gateTexts,
  refusedByName,
  type TextEncoding,
} from './repository/secret-gate.js';
export { SECRET_RULES_VERSION } from './repository/secrets.js';

// The four read-only tools: as AI SDK tools, or called directly.
export { codeToolSpecs } from './tools/code-tool-specs.js';
export { type CreateCodeToolsOptions, createCodeTools } from './tools/create-code-tools.js';
export { type FindSymbolOptions, type FindSymbolResult, findSymbol } from './tools/find-symbol.js';
export { type GrepOptions, type GrepResult, grep, MAX_CONTEXT_LINES } from './tools/grep.js';
export { type CodeToolLimits, DEFAULT_LIMITS } from './tools/limits.js';
export { type ListDirOptions, type ListDirResult, listDir } from './tools/list-dir.js';
export { type ReadFileOptions, type ReadFileResult, readFile } from './tools/read-file.js';
export type { CodeToolResult, CodeToolSuccess } from './tools/tool-result.js';
