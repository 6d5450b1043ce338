import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SOURCE = path.dirname(fileURLToPath(import.meta.url));

/**
 * The modules `sightline --version` loads: src/main.ts, the program it imports dynamically
 * (program.ts), and the CLI's own modules they import statically, transitively (type-only imports
 * vanish at run time and are skipped; the verbs' modules are imported dynamically by
 * command-list.ts and are not reached). Returns each module's path (relative to src/) with the
 * packages it imports (not Node's own).
 * @param entries - where to start. Default main.ts and program.ts.
 */
function startUpImports(entries = ['main.ts', 'program.ts']): Map<string, string[]> {
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
      } else if (!specifier.startsWith('node:')) {
        packages.push(specifier);
      }
    }
  };
  for (const entry of entries) visit(entry);
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

  it('installs the stop-signal handler before any package loads (main.ts imports none)', () => {
    // Fresh-user trial 49: Ctrl-C in the first 0.4 s of `investigate --json` printed nothing,
    // main.ts's static imports (commander among them) loading before it installed the handler.
    const loaded = [...startUpImports(['main.ts'])].flatMap(([file, packages]) =>
      packages.map((specifier) => `${file} imports ${specifier}`),
    );
    expect(loaded).toEqual([]);
    expect([...startUpImports(['main.ts']).keys()]).toContain('run/json-on-signal.ts');
  });
});
