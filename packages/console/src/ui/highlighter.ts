/**
 * Shiki, fine-grained: the core with its JavaScript regex engine, one light theme with WCAG AA contrast, and only the
 * grammars of the languages a diagnosis quotes, each loaded when first needed (no WebAssembly, no
 * bundle of every grammar).
 */
import type { HighlighterCore, LanguageInput, ThemedToken } from 'shiki/core';

/** Grammars by Shiki language name, loaded on demand. */
const GRAMMARS: Record<string, () => Promise<{ default: LanguageInput }>> = {
  typescript: () => import('@shikijs/langs/typescript'),
  tsx: () => import('@shikijs/langs/tsx'),
  javascript: () => import('@shikijs/langs/javascript'),
  jsx: () => import('@shikijs/langs/jsx'),
  python: () => import('@shikijs/langs/python'),
  go: () => import('@shikijs/langs/go'),
  rust: () => import('@shikijs/langs/rust'),
  java: () => import('@shikijs/langs/java'),
  kotlin: () => import('@shikijs/langs/kotlin'),
  swift: () => import('@shikijs/langs/swift'),
  ruby: () => import('@shikijs/langs/ruby'),
  php: () => import('@shikijs/langs/php'),
  c: () => import('@shikijs/langs/c'),
  cpp: () => import('@shikijs/langs/cpp'),
  csharp: () => import('@shikijs/langs/csharp'),
  json: () => import('@shikijs/langs/json'),
};

/** Grammars by file extension. */
const EXTENSIONS: Record<string, string> = {
  ts: 'typescript',
  mts: 'typescript',
  cts: 'typescript',
  tsx: 'tsx',
  js: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  jsx: 'jsx',
  py: 'python',
  go: 'go',
  rs: 'rust',
  java: 'java',
  kt: 'kotlin',
  swift: 'swift',
  rb: 'ruby',
  php: 'php',
  c: 'c',
  h: 'c',
  cpp: 'cpp',
  cc: 'cpp',
  cs: 'csharp',
  json: 'json',
};

/** The theme of every code block. */
const THEME = 'github-light-high-contrast';

let highlighter: Promise<HighlighterCore> | undefined;

/** Shiki language of `path`, if it has a grammar here. */
export function languageOf(path: string): string | undefined {
  return EXTENSIONS[path.split('.').pop()?.toLowerCase() ?? ''];
}

/**
 * Tokens of `code` per line, colored by the theme.
 * @returns undefined when `path` has no grammar here.
 */
export async function highlight(code: string, path: string): Promise<ThemedToken[][] | undefined> {
  const lang = languageOf(path);
  const grammar = lang ? GRAMMARS[lang] : undefined;
  if (!lang || !grammar) return undefined;
  highlighter ??= Promise.all([
    import('shiki/core'),
    import('shiki/engine/javascript'),
    import('@shikijs/themes/github-light-high-contrast'),
  ]).then(([{ createHighlighterCore }, { createJavaScriptRegexEngine }, theme]) =>
    createHighlighterCore({
      themes: [theme.default],
      langs: [],
      engine: createJavaScriptRegexEngine(),
    }),
  );
  const shiki = await highlighter;
  if (!shiki.getLoadedLanguages().includes(lang))
    await shiki.loadLanguage((await grammar()).default);
  return shiki.codeToTokensBase(code, { lang, theme: THEME });
}
