/**
 * @sightline/investigator/internal — plumbing for Sightline's own packages, benchmarks and
 * scripts: every export of localization (signals, weights, frame resolution, lexical index),
 * the agent (funnel, prompts) and diagnosis (assembly, quotes). Not a stable API; use the main
 * entry.
 */

export * from './agent/index.js';
export * from './diagnosis/index.js';
export * from './investigate/index.js';
export * from './localize/index.js';
export * from './report/prepare-report.js';
