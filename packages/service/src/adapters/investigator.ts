/**
 * The service's one door to the investigation packages (intake: parse, classify; codebase: files,
 * index; investigator: investigate). Every import of them lives here, so moving them between
 * packages is an edit of this file only.
 */
export {
  allFrames,
  type Classification,
  classify,
  type Frame,
  type Investigation,
  indexRepository,
  investigate,
  listRepositoryFiles,
  markInAppFrames,
  parseReports,
  type RepoIndex,
  type Report,
  resolveRoot,
} from '@sightline/investigator';
