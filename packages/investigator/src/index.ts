/**
 * @sightline/investigator — turns a raw bug report and a repository into a verified diagnosis:
 * offline localization, the investigation agent, diagnosis verification.
 */

export * from './agent/index.js';
export * from './diagnosis/index.js';
export * from './investigate/index.js';
export * from './localize/index.js';
