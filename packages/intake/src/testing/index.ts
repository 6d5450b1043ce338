/**
 * @sightline/intake/testing — intake scored against other stack-trace parsers' own test suites:
 * `readPeerTraces` reads the recorded fixtures (../shared/data/peer-traces), `scorePeerTraces`
 * runs them through `parseReport` and compares frames after the documented normalisation. Used by
 * intake's peer-traces test and `npm run bench:intake`; and the adversarial inputs both run.
 */

export { backtrackingText, manyHeadingsIssue } from '../parse/adversarial-inputs.js';
export {
  type ExpectedFrame,
  type FrameField,
  type RawRecord,
  readExpectations,
} from './peer-trace-expectations.js';
export { type ComparableFrame, normalizeFrame } from './peer-trace-normalize.js';
export {
  type ActualFrame,
  type Agreement,
  type CaseScore,
  intakeFrames,
  type SuiteScore,
  scorePeerTraces,
} from './peer-trace-score.js';
export {
  PEER_SUITES,
  type PeerCase,
  type PeerSuite,
  readPeerTraces,
} from './peer-traces.js';
