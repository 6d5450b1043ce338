/**
 * @sightline/investigator — turns a raw bug report and a repository into a verified diagnosis:
 * intake, classification, repository map, read-only code tools, localization, agent, diagnosis.
 */
export * from './repo/index.js';
export type { Exception, Frame, Report, ReportKind } from './intake/types.js';
export type {
  Definition,
  DefinitionKind,
  Focus,
  IndexedFile,
  RankedFile,
  RepoIndex,
  Reference,
} from './repomap/types.js';
export type { Suspect } from './localize/types.js';
