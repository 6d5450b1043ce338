/**
 * @sightline/codebase/testing — real and hostile repositories to try Sightline on: `npmPack`
 * downloads a published npm package version once with `npm pack` and unpacks it into a cache
 * folder (used by `sightline serve --demo`, the demos and the benchmarks); `createHostileRepository`
 * writes a repository with planted (fake) secrets, links outside and forged names, with a leak
 * detector (used by the secret gate's tests and `bench:leaks`); `buildGitHistoryFixture` builds a
 * small project with a git history (releases, a rename, a regression). No runtime entry imports it.
 */

export {
  buildGitHistoryFixture,
  commitAll,
  type GitHistoryFixture,
} from './git-history-fixture.js';
export {
  createHostileRepository,
  type HostileRepository,
  type PlantedSecret,
  wrongGuess,
} from './hostile-repository.js';
export { type NpmPackOptions, npmPack, type PackedPackage } from './npm-pack.js';
