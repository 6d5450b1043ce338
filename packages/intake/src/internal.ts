/**
 * @sightline/intake/internal — plumbing for Sightline's own packages, benchmarks and scripts:
 * every export of the parsers and the classifiers, including decoding, limits, format detection
 * and the labelled data-set readers. Not a stable API; use the main entry. Training is in
 * `@sightline/intake/training`, the peer-parser comparison in `@sightline/intake/testing`.
 */

export * from './classify/index.js';
export * from './parse/index.js';
