/**
 * @sightline/core/testing — test doubles for code built on Sightline: a scripted model (the AI
 * SDK's mock language model answering from a list), and the check that names a test suite skipped
 * for want of ../shared data.
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
export { type SharedDataCheck, sharedDataTitle } from './shared-data.js';
