/**
 * @sightline/investigator/internal — plumbing for Sightline's own packages, benchmarks and
 * scripts: every export of localization (signals, weights, frame resolution, lexical index),
 * the agent (funnel, prompts) and diagnosis (assembly, quotes), and the scripted misbehaving
 * models of the agent's tests (`npm run bench:agent` measures them). Not a stable API; use the main
 * entry.
 */

export {
  countScriptedToolCalls,
  MISBEHAVING_SCENARIOS,
  type MisbehavingOutcome,
  type MisbehavingScenario,
  settleOutcome,
} from './agent/__fixtures__/misbehaving-models.js';
export { runScripted, type ScriptedCase } from './agent/__fixtures__/run-scripted.js';
export * from './agent/index.js';
export * from './diagnosis/index.js';
export * from './investigate/index.js';
export * from './localize/index.js';
