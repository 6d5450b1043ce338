/** Repository access shared by the index, the code tools and diagnosis verification. */
export {
  countLines,
  isSecretFile,
  type SkipReason,
  SNIFF_BYTES,
  sniffContent,
  splitFileLines,
} from './content.js';
export { type FileRole, fileRole } from './file-role.js';
export {
  BUILD_OUTPUT_DIRS,
  type ListedFile,
  type ListedFiles,
  type ListFilesOptions,
  listRepositoryFiles,
  loadGitignore,
  VENDORED_DIRS,
} from './files.js';
export {
  type GrammarSource,
  LANGUAGES,
  type LanguageInfo,
  languageForPath,
} from './languages.js';
export { isInside, type ResolvedPath, resolveInRoot, resolveRoot, toPosix } from './sandbox.js';
