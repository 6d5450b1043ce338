/**
 * @sightline/intake — raw bug reports (crash logs in 12+ formats, Sentry events, issues, app
 * reviews) become `Report`s, and reports are classified as bug, crash, feature or other.
 */

export * from './classify/index.js';
export * from './parse/index.js';
