/**
 * @sightline/investigator/testing — test doubles for code built on the investigator: a scripted
 * model (the AI SDK's mock language model answering from a list) and a tiny repository with one
 * known bug. Used by this package's tests and the CLI's. Also the scoring of intake against other
 * stack-trace parsers' test fixtures (`readPeerTraces`, `scorePeerTraces`), used by intake's test
 * and `npm run bench:intake`.
 */

export { type ComparableFrame, normalizeFrame } from '../intake/peer-trace-normalize.js';
export {
  type ActualFrame,
  type Agreement,
  type CaseScore,
  intakeFrames,
  type SuiteScore,
  scorePeerTraces,
} from '../intake/peer-trace-score.js';
export {
  type ExpectedFrame,
  type FrameField,
  PEER_SUITES,
  type PeerCase,
  type PeerSuite,
  readPeerTraces,
} from '../intake/peer-traces.js';
export { createFakeRepository, type FakeRepository, type KnownBug } from './fake-repository.js';
export {
  createScriptedModel,
  type ScriptedCall,
  type ScriptedModel,
  type ScriptedModelOptions,
  type ScriptedResponse,
  type ScriptedToolCall,
  type ScriptedUsage,
} from './scripted-model.js';
