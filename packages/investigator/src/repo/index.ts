/** Repository access shared by the index, the code tools and diagnosis verification. */
export { SNIFF_BYTES, isSecretFile, sniffContent, type SkipReason } from './content.js';
export {
  BUILD_OUTPUT_DIRS,
  VENDORED_DIRS,
  listRepositoryFiles,
  loadGitignore,
  type ListFilesOptions,
  type ListedFile,
  type ListedFiles,
} from './files.js';
export { isInside, resolveInRoot, resolveRoot, toPosix, type ResolvedPath } from './sandbox.js';
