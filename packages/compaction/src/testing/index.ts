/**
 * @sightline/compaction/testing — replay of recorded agent runs (SWE-agent `.traj` trajectories)
 * through the real AI SDK loop with a mock model, with and without compaction, and the checks the
 * evals and `npm run bench:compaction` use: tokens per step, tool call/result pairing, goal kept
 * verbatim, needles recoverable from the store.
 */

export {
  checkPromptPairing,
  type ModelPrompt,
  type PromptPairing,
  promptContains,
  promptTexts,
} from './prompt-checks.js';
export {
  measureReplay,
  REPLAY_OFFLOAD_LIMIT,
  REPLAY_PROFILE,
  type ReplayMeasurement,
} from './replay/measure-replay.js';
export {
  checkNeedles,
  escapeRegExp,
  type Needle,
  type NeedleCheck,
  type PickNeedlesOptions,
  pickNeedles,
} from './replay/needles.js';
export {
  parseTrajectory,
  type ReplayScript,
  type ReplayToolCall,
  type ReplayTurn,
} from './replay/parse-trajectory.js';
export { readTrajectories, type TrajectoryFile } from './replay/read-trajectories.js';
export { type RecordedResults, recordedResults } from './replay/replay-script.js';
export {
  REPLAY_FINAL_TEXT,
  type ReplayOptions,
  type ReplayResult,
  type ReplayStep,
  replayTrajectory,
} from './replay/replay-trajectory.js';
