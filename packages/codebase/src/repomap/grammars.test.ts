import { describe, expect, it } from 'vitest';
import { LANGUAGES, type LanguageInfo } from '../repository/languages.js';
import { getParser, loadGrammar } from './grammars.js';

const go = LANGUAGES.find((language) => language.id === 'go') as LanguageInfo;

describe('loadGrammar', () => {
  it('loads a grammar once and reuses it', async () => {
    const first = await loadGrammar(go);
    expect(first.warnings).toEqual([]);
    expect(first.grammar?.queries).toHaveLength(1);
    expect(await loadGrammar(go)).toBe(first);
    expect(await getParser()).toBe(await getParser());
  });

  it('reports a grammar that cannot be loaded instead of throwing', async () => {
    const broken: LanguageInfo = {
      ...go,
      id: 'broken-wasm',
      grammar: { package: 'tree-sitter-go', wasm: 'missing.wasm', tagQueries: [] },
    };
    const result = await loadGrammar(broken);
    expect(result.grammar).toBeNull();
    expect(result.warnings).toEqual([
      expect.stringMatching(/^broken-wasm: grammar tree-sitter-go could not be loaded/),
    ]);
  });

  it('keeps the queries that compile when one does not', async () => {
    const mixed: LanguageInfo = {
      ...go,
      id: 'mixed-queries',
      grammar: {
        package: 'tree-sitter-go',
        wasm: 'tree-sitter-go.wasm',
        tagQueries: ['tree-sitter-go/queries/tags.scm', 'tree-sitter-python/queries/tags.scm'],
      },
    };
    const result = await loadGrammar(mixed);
    expect(result.grammar?.queries).toHaveLength(1);
    expect(result.warnings).toEqual([
      expect.stringMatching(/^mixed-queries: tags query 2 of 2 did not compile/),
    ]);
  });

  it('says why an unsupported language has no grammar', async () => {
    const swift = LANGUAGES.find((language) => language.id === 'swift') as LanguageInfo;
    expect(await loadGrammar(swift)).toEqual({
      grammar: null,
      warnings: [`swift: ${swift.reason}`],
    });
  });
});
