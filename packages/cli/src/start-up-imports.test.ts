import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SOURCE = path.dirname(fileURLToPath(import.meta.url));

/**
 * The modules `sightline --version` loads: src/main.ts and the CLI's own modules it imports
 * statically, transitively (type-only imports vanish at run time and are skipped; the verbs'
 * modules are imported dynamically by command-list.ts and are not reached). Returns each module's
 * path (relative to src/) with the workspace packages it imports.
 */
function startUpImports(): Map<string, string[]> {
  const seen = new Map<string, string[]>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    const text = readFileSync(path.join(SOURCE, file), 'utf8');
    const packages: string[] = [];
    seen.set(file, packages);
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest);
    for (const statement of source.statements) {
      if (!ts.isImportDeclaration(statement) || statement.importClause?.isTypeOnly) continue;
      const specifier = (statement.moduleSpecifier as ts.StringLiteral).text;
      if (specifier.startsWith('.')) {
        visit(path.join(path.dirname(file), specifier.replace(/\.js$/, '.ts')));
      } else if (specifier.startsWith('@sightline/')) {
        packages.push(specifier);
      }
    }
  };
  visit('main.ts');
  return seen;
}

describe('start-up', () => {
  it('imports no workspace package through its barrel but core', () => {
    // esbuild's code splitting (tsup) puts every module a barrel re-exports into the chunk of
    // whoever imports the barrel, used or not: one `printableText` from `@sightline/codebase`
    // made `--version` read a 241 KB chunk (0.5 s of CPU against 0.2 s). Core's barrel is the
    // small shared base every verb loads anyway.
    const barrels = [...startUpImports()].flatMap(([file, packages]) =>
      packages
        .filter((specifier) => /^@sightline\/[^/]+$/.test(specifier))
        .filter((specifier) => specifier !== '@sightline/core')
        .map((specifier) => `${file} imports ${specifier}`),
    );
    expect(barrels).toEqual([]);
  });

  it('follows the CLI’s own modules from main.ts', () => {
    const modules = [...startUpImports().keys()];
    expect(modules).toContain('options/usage-errors.ts');
    expect(modules).not.toContain('commands/investigate.ts');
  });
});
