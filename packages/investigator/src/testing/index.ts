/**
 * @sightline/investigator/testing — test doubles for code built on the investigator: a tiny
 * repository with one known bug, the scripted models that misbehave as real models do, and the
 * runner that investigates with scripted models. The scripted model lives in `@sightline/core/testing`.
 */

export {
  countScriptedToolCalls,
  MISBEHAVING_SCENARIOS,
  type MisbehavingOutcome,
  type MisbehavingScenario,
  settleOutcome,
} from '../agent/__fixtures__/misbehaving-models.js';
export { runScripted, type ScriptedCase } from '../agent/__fixtures__/run-scripted.js';
export { createFakeRepository, type FakeRepository, type KnownBug } from './fake-repository.js';
