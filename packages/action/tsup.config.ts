import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'tsup';

// The CLI with every dependency bundled in (the `@sightline/*` packages from their TypeScript
// source), and beside it the files its dependencies read at run time by path, laid out where Node's
// resolution from dist/ finds them (dist/node_modules/…, which npm packs like any folder):
// - web-tree-sitter's runtime, dist/web-tree-sitter.wasm (it loads `new URL(…, import.meta.url)`);
// - each tree-sitter grammar package's package.json, .wasm files and queries/ (codebase's
//   grammars.ts resolves `<package>/package.json`; their native bindings are not used);
// - gpt-tokenizer's CommonJS build (core's tokens.ts requires an encoding on first use);
// - the ripgrep binary of each platform package installed here (@vscode/ripgrep resolves
//   `@vscode/ripgrep-<platform>-<arch>/bin/rg` when it loads).
const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(here, 'dist');
const cliManifest = JSON.parse(readFileSync(path.join(here, '../cli/package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
};
const require = createRequire(path.join(here, '../cli/package.json'));

/** Folder of an installed package that exposes its package.json, as the CLI resolves it. */
const packageDir = (name: string) => path.dirname(require.resolve(`${name}/package.json`));

function copy(from: string, to: string, filter?: (source: string) => boolean) {
  mkdirSync(path.dirname(to), { recursive: true });
  cpSync(from, to, { recursive: true, ...(filter ? { filter } : {}) });
}

function copyRuntimeFiles() {
  copy(
    require.resolve('web-tree-sitter/web-tree-sitter.wasm'),
    path.join(dist, 'web-tree-sitter.wasm'),
  );
  const grammars = Object.keys(cliManifest.dependencies).filter((name) =>
    /(^|\/)tree-sitter-/.test(name),
  );
  for (const name of grammars) {
    const from = packageDir(name);
    const to = path.join(dist, 'node_modules', name);
    copy(path.join(from, 'package.json'), path.join(to, 'package.json'));
    for (const file of readdirSync(from).filter((file) => file.endsWith('.wasm'))) {
      copy(path.join(from, file), path.join(to, file));
    }
    if (existsSync(path.join(from, 'queries'))) {
      copy(path.join(from, 'queries'), path.join(to, 'queries'));
    }
  }
  const tokenizer = packageDir('gpt-tokenizer');
  copy(
    path.join(tokenizer, 'package.json'),
    path.join(dist, 'node_modules/gpt-tokenizer/package.json'),
  );
  copy(
    path.join(tokenizer, 'cjs'),
    path.join(dist, 'node_modules/gpt-tokenizer/cjs'),
    (source) => !source.endsWith('.map') && !source.endsWith('.d.ts'),
  );
  // node_modules/@vscode, from @vscode/ripgrep's lib/index.js (its exports hide package.json).
  const vscode = path.resolve(path.dirname(require.resolve('@vscode/ripgrep')), '../..');
  for (const name of readdirSync(vscode).filter((name) => name.startsWith('ripgrep-'))) {
    copy(path.join(vscode, name), path.join(dist, 'node_modules/@vscode', name));
  }
}

export default defineConfig({
  entry: ['src/main.ts'],
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  noExternal: [/.*/],
  esbuildOptions(options) {
    options.conditions = ['@sightline/source'];
    options.alias = {
      // A native binding cannot travel in the bundle: the store commands say what to use instead.
      'better-sqlite3': path.join(here, 'src/sqlite-unavailable.ts'),
      // The binaries travel for the platforms built on; elsewhere `rg` on the PATH.
      '@vscode/ripgrep': path.join(here, 'src/ripgrep-path.ts'),
    };
  },
  // CommonJS dependencies bundled into ES modules call `require` and read `__filename` and
  // `__dirname`: give every chunk its own.
  banner: {
    js: [
      "import { createRequire as __sightlineCreateRequire } from 'node:module';",
      "import { dirname as __sightlineDirname } from 'node:path';",
      "import { fileURLToPath as __sightlineFileURLToPath } from 'node:url';",
      'const require = __sightlineCreateRequire(import.meta.url);',
      'const __filename = __sightlineFileURLToPath(import.meta.url);',
      'const __dirname = __sightlineDirname(__filename);',
    ].join(' '),
  },
  sourcemap: false,
  clean: true,
  async onSuccess() {
    copyRuntimeFiles();
  },
});
