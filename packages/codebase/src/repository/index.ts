/**
 * The repository under investigation: its files, their content, the sandbox and secret checks.
 * The Repository value that ties them to the index is `../open-repository.ts`, above repomap/.
 */

export { BUILD_OUTPUT_DIRS, buildFolderOf, generatedBuildFolders } from './build-output.js';
export {
  countLines,
  isSecretFile,
  printablePath,
  printableText,
  type SkipReason,
  SNIFF_BYTES,
  sniffContent,
  splitFileLines,
} from './content.js';
export { capFileCount, DEFAULT_MAX_FILES, fileCapWarning } from './file-cap.js';
export { type FileRole, fileRole, majorityCodeFolders } from './file-role.js';
export {
  type ListedFile,
  type ListedFiles,
  type ListFilesOptions,
  listRepositoryFiles,
  loadGitignore,
  VENDORED_DIRS,
  withoutBuildOutput,
} from './files.js';
export {
  type GrammarSource,
  LANGUAGES,
  type LanguageInfo,
  languageForPath,
} from './languages.js';
export { isOwnFolder, makeOwnFolder } from './own-folder.js';
export { readPackageName } from './package-name.js';
export { isInside, type ResolvedPath, resolveInRoot, resolveRoot, toPosix } from './sandbox.js';
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
  type TextEncoding,
} from './secret-gate.js';
export { SECRET_RULES, type SecretRule, shannonEntropy } from './secret-rules.js';
export { SECRET_RULES_VERSION, type SecretScan, scanSecrets } from './secrets.js';
