/**
 * @sightline/intake/internal — plumbing for Sightline's own packages, benchmarks and scripts:
 * every export of the parsers and the classifier, including decoding, limits, format detection
 * and the review classifier's training pieces. Not a stable API; use the main entry.
 */

export * from './classify/index.js';
export * from './parse/index.js';
