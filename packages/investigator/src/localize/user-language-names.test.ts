import { parseReport } from '@sightline/intake';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createHandBuiltRepository,
  type HandBuiltRepository,
} from './__fixtures__/hand-built-index.js';
import { localize } from './localize.js';
import { namesAfterLiteral, stringLiteralSites } from './string-literals.js';
import { userLanguageNames } from './user-language-names.js';

describe('userLanguageNames', () => {
  it('reads template tags and filters', () => {
    expect(
      userLanguageNames(
        'Using `{{ post.title | upcase | clip_words: 3 }}` inside `{% layout "x" %}`',
      ),
    ).toEqual(['upcase', 'clip_words', 'layout']);
  });

  it('reads subcommands and options of prompted command lines and of the program named', () => {
    const text = [
      'Running `$ shop sync --dry-run ./out` does nothing, nor does `shop export now`.',
      '```',
      '$ npx shop import catalog.csv --keep-going',
      'const x = 1',
      '```',
    ].join('\n');
    expect(userLanguageNames(text, ['shop'])).toEqual([
      'import',
      'keep-going',
      'sync',
      'dry-run',
      'export',
      'now',
    ]);
  });

  it('reads configuration keys of code blocks, whole and by their last part, and no keywords', () => {
    const text =
      '```yaml\nlint:\n  max_line_length: 100\nserver.idle_timeout = 30\nlet value = 2\nelse:\n```';
    expect(userLanguageNames(text)).toEqual([
      'lint',
      'max_line_length',
      'server.idle_timeout',
      'idle_timeout',
    ]);
  });

  it('reads inline code outside fences only, a one-line fence as no block and an unclosed one to the end', () => {
    const text = 'Run `npm run lint --fix`.\n```sh\n$ npm test --watch\n```\nthen `npm ci --force`';
    expect(userLanguageNames(text, ['npm'])).toEqual([
      'test',
      'watch',
      'run',
      'lint',
      'fix',
      'force',
    ]);
    // No newline after the opening fence, or no closing fence: no block, read as inline code.
    expect(userLanguageNames('```npm run build --prod```', ['npm'])).toEqual([
      'run',
      'build',
      'prod',
    ]);
    // An unclosed fence runs to the end of the text, as Markdown renders it.
    expect(userLanguageNames('`npm run build` then\n```\nmax_width: 3', ['npm'])).toEqual([
      'max_width',
      'run',
      'build',
    ]);
    // A line of backticks is read in one pass (the fence pattern re-read it from every start).
    expect(userLanguageNames('`'.repeat(60_000), ['npm'])).toEqual([]);
  });

  it('reads blocks fenced as Markdown fences them: tildes, and only a fence line closes', () => {
    expect(userLanguageNames('~~~yaml\nmax_width: 3\n~~~')).toEqual(['max_width']);
    // Backticks inside a line close nothing: the command after them is still in the block.
    expect(userLanguageNames('```sh\necho "```"\n$ shop sync\n```')).toEqual(['sync']);
  });

  it('finds nothing in plain prose', () => {
    expect(userLanguageNames('The page renders blank when the title is long | short.')).toEqual([]);
  });
});

// Failure class 6 of issue #33: a template filter the user names is registered by a string; the
// code behind it has another identifier.
const FILTER_REPORT = `clip_words filter drops the last word

With \`{{ post.title | clip_words: 3 }}\` the output has two words, not three.
`;

describe('user-language names linked to the code behind them (failure class 6)', () => {
  let repository: HandBuiltRepository;
  beforeAll(async () => {
    repository = await createHandBuiltRepository({
      'src/filters/index.ts': {
        language: 'typescript',
        content: [
          "import { limitWords } from './words';",
          "import { upper } from './case';",
          'export const filters = {',
          "  'upcase': upper,",
          "  'clip_words': limitWords,",
          '};',
          '',
        ].join('\n'),
        definitions: [{ name: 'filters', kind: 'variable', lines: [3, 6] }],
      },
      'src/filters/words.ts': {
        language: 'typescript',
        content: [
          '// Word helpers.',
          'export function limitWords(text: string, count: number): string {',
          "  return text.split(' ').slice(0, count - 1).join(' ');",
          '}',
          '',
        ].join('\n'),
        definitions: [{ name: 'limitWords', kind: 'function', lines: [2, 4] }],
      },
      'src/filters/case.ts': {
        language: 'typescript',
        content: 'export function upper(text: string): string {\n  return text.toUpperCase();\n}\n',
        definitions: [{ name: 'upper', kind: 'function', lines: [1, 3] }],
      },
      'src/render.ts': {
        language: 'typescript',
        content:
          '// Renders a post: the title, then its words and filters.\nexport function render(post: Post) {\n  return apply(post.title);\n}\n',
        definitions: [{ name: 'render', kind: 'function', lines: [2, 4] }],
      },
      'test/filters.test.ts': {
        language: 'typescript',
        content: "expect(run('clip_words', 'a b c', 3)).toBe('a b c');\n",
      },
    });
  });
  afterAll(() => repository.cleanup());

  it('finds where source files spell a name as a string, and what it is registered to', () => {
    const sites = stringLiteralSites(repository.index);
    // The test spells it too, but a test does not implement it.
    expect([...(sites.get('clipwords') ?? new Map()).entries()]).toEqual([
      ['src/filters/index.ts', 5],
    ]);
    expect(
      namesAfterLiteral(repository.index, {
        path: 'src/filters/index.ts',
        line: 5,
        name: 'clip_words',
      }),
    ).toEqual(['limitWords']);
  });

  it('ranks the filter’s implementation and its registration first, over lexical matches', () => {
    const suspects = localize(parseReport(FILTER_REPORT), repository.index, { limit: 5 });
    const paths = suspects.map((suspect) => suspect.path);
    expect(paths.slice(0, 2).sort()).toEqual(['src/filters/index.ts', 'src/filters/words.ts']);
    const words = suspects.find((suspect) => suspect.path === 'src/filters/words.ts');
    expect(words?.lines).toEqual([2, 4]);
    expect(words?.evidence).toContain(
      'defines `limitWords`, registered as `clip_words` in src/filters/index.ts:5',
    );
    // Another filter of the same table is no suspect of this report's filter.
    const other = suspects.findIndex((suspect) => suspect.path === 'src/filters/case.ts');
    expect(other === -1 || other > 1).toBe(true);
    expect(suspects[other]?.evidence.join('\n') ?? '').not.toContain('clip_words');
  });
});

describe('template tags in long texts', () => {
  it('reads 200,000 tabs after an opened tag, and tags with long runs of spaces', () => {
    expect(userLanguageNames(`{%-${'\t'.repeat(200_000)}\0`)).toEqual([]);
    const spaces = ' '.repeat(100_000);
    expect(
      userLanguageNames(`{%-${spaces}include_file${spaces}-%} {{${spaces}x | upcase${spaces}}}`),
    ).toEqual(['include_file', 'upcase']);
    expect(userLanguageNames(`{% ${'a'.repeat(301)} %} {% ${'b'.repeat(300)} %}`)).toEqual([
      'b'.repeat(300),
    ]);
  });
});
