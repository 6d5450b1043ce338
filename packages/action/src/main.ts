/**
 * `sightline-action`: the `sightline` command bundled into one folder with everything it reads at
 * run time, so `npx --yes @sightline/action@<version> github-action` starts at once without
 * installing a dependency (what `action.yml` runs on each new issue). Every verb works but `serve`
 * and `worker`, which need better-sqlite3's native binding: install `@sightline/cli` for those.
 * The bundle is made by this package's build (tsup.config.ts); nothing of it is committed.
 */
import '@sightline/cli/main';
