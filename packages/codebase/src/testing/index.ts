/**
 * @sightline/codebase/testing — real repositories to try Sightline on: `npmPack` downloads a
 * published npm package version once with `npm pack` and unpacks it into a cache folder. Used by
 * `sightline serve --demo`, the demos and the benchmarks; no runtime entry imports it.
 */

export { buildGitHistoryFixture, type GitHistoryFixture } from './git-history-fixture.js';
export { type NpmPackOptions, npmPack, type PackedPackage } from './npm-pack.js';
