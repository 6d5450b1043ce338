/**
 * @sightline/core/testing — test doubles for code built on Sightline: a scripted model (the AI
 * SDK's mock language model answering from a list).
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
