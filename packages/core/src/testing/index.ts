/**
 * @sightline/core/testing — test doubles for code built on Sightline: a scripted model (the AI
 * SDK's mock language model answering from a list), the check that names a test suite skipped
 * for want of ../shared data, and a seeded random generator (and random texts from given parts) for
 * fuzz tests.
 */

export {
  createScriptedModel,
  type ScriptedCall,
  type ScriptedModel,
  type ScriptedModelOptions,
  type ScriptedResponse,
  type ScriptedToolCall,
  type ScriptedUsage,
} from './scripted-model.js';
export { randomTexts, seededRandom } from './seeded-random.js';
export { type SharedDataCheck, sharedDataTitle } from './shared-data.js';
