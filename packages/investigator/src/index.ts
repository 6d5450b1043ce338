/**
 * @sightline/investigator — turns a raw bug report and a repository into a verified diagnosis:
 * intake, classification, repository map, read-only code tools, localization, agent, diagnosis.
 */

export * from './agent/index.js';
export * from './classify/index.js';
export * from './diagnosis/index.js';
export * from './intake/index.js';
export * from './investigate/index.js';
export * from './localize/index.js';
export * from './repo/index.js';
export * from './repomap/index.js';
export {
  type GrammarSource,
  LANGUAGES,
  type LanguageInfo,
  languageForPath,
} from './repomap/languages.js';
export * from './tools/index.js';
