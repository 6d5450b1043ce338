/**
 * @sightline/investigator/testing — test doubles for code built on the investigator: a scripted
 * model (the AI SDK's mock language model answering from a list) and a tiny repository with one
 * known bug. Used by this package's tests and the CLI's.
 */

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
