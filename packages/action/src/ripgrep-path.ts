/**
 * Stands in for @vscode/ripgrep in the bundle (tsup.config.ts aliases it here). The same lookup of
 * the platform package's binary (`@vscode/ripgrep-<platform>-<arch>/bin/rg`), found among the
 * copies the build puts in dist/node_modules/; but on a platform the bundle carries no binary for,
 * `rg` on the PATH is used instead of failing as the whole command loads. Only the grep tool runs
 * ripgrep: an offline investigation never does.
 */
import { createRequire } from 'node:module';

const binary = process.platform === 'win32' ? 'rg.exe' : 'rg';

function locate(): string {
  const arch = process.env.npm_config_arch || process.arch;
  try {
    return createRequire(import.meta.url).resolve(
      `@vscode/ripgrep-${process.platform}-${arch}/bin/${binary}`,
    );
  } catch {
    return binary;
  }
}

/** Path of the ripgrep binary, or `rg` (looked up on the PATH) where the bundle has none. */
export const rgPath = locate();
