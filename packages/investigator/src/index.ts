/**
 * @sightline/investigator — turns a raw bug report and a repository into a verified diagnosis:
 * intake, classification, repository map, read-only code tools, localization, agent, diagnosis.
 */

export * from './agent/index.js';
export * from './classify/index.js';
export * from './diagnosis/index.js';
export type { Exception, Frame, Report, ReportKind } from './intake/types.js';
export type { Suspect } from './localize/types.js';
export * from './repo/index.js';
export * from './repomap/index.js';
export {
  type GrammarSource,
  LANGUAGES,
  type LanguageInfo,
  languageForPath,
} from './repomap/languages.js';
export * from './tools/index.js';
