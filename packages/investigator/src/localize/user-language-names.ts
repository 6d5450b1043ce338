/**
 * Names a report gives in its user's language rather than the code's (failure class 6 of issue
 * #33): a template's tags and filters (`{% render %}`, `{{ title | truncate: 20 }}`), a command
 * line's subcommands and options (`$ tool sync --dry-run`), a configuration file's keys
 * (`max_line_length: 100`). The code implementing them rarely has the same identifier; it registers
 * them by a string (`registerFilter('truncate', …)`, `add_parser('sync')`, `config.get('max_line_length')`),
 * which `stringLiteralSites` finds.
 */
import { fencedBlocks } from '@sightline/intake';

/** A template expression or tag: Liquid, Jinja, Django, Nunjucks, Twig, Handlebars. */
const TEMPLATE = /\{([{%])-?\s*([^{}%]{1,300}?)\s*-?[%}]\}/g;
/** A name as users write it (dashes allowed: `dry-run`, `max-width`). */
const NAME = /^[A-Za-z_][\w-]*/;
/** A Markdown inline code span. */
const INLINE_CODE = /`([^`\n]{1,200})`/g;
/** A shell prompt opening a command line. */
const PROMPT = /^\s*(?:\$|❯|%|>)\s+(.*)$/;
/** A command runner before the program (`npx tool`, `sudo tool`, `python -m tool`). */
const RUNNER = /^(?:npx|pnpm|yarn|bunx|sudo|python3?\s+-m|uv\s+run|poetry\s+run|go\s+run)\s+/;
/**
 * A configuration line: YAML/TOML/INI/JSON key, possibly quoted, before `:` or `=` and a value, or
 * a YAML section's key alone (`lint:`).
 */
const CONFIG_LINE = /^\s*(?:-\s+)?["']?([A-Za-z_][\w.-]*)["']?\s*(?:[:=]\s*\S|:\s*$)/;
/** Words of code and URLs that look like keys (`else:`, `default:`, `https://…`). */
const NOT_KEYS = new Set(['else', 'try', 'finally', 'default', 'http', 'https']);
/** Names shorter than this (`if`, `v`) are too generic to link. */
const MIN_NAME_LENGTH = 3;

/** Whether a character is in `\s`. */
const isSpace = (char: string | undefined) => char !== undefined && /\s/.test(char);

/**
 * The `[opener, body]` of each match of {@link TEMPLATE} in `text`, what `matchAll` gives, in
 * linear time. The pattern's body holds no `{`, `}` or `%`, so a tag opened at `{{` or `{%` can
 * only close at the first of those characters after it; the pattern runs on that span alone, its
 * runs of spaces at either end cut to two characters (what the body can take of them: the last
 * space before an empty body), and not at all when what lies between them is over 300 characters.
 * Run on the whole text, its unbounded `\s*` before a lazy body retried every split of a run of
 * spaces: 4 KiB of tabs after `{%-` took 6.8 s.
 */
function* templateMatches(text: string): Generator<[opener: string, body: string]> {
  let open = text.indexOf('{');
  while (open !== -1) {
    const opener = text.charAt(open + 1);
    let close = open + 2;
    while (close < text.length && !'{}%'.includes(text.charAt(close))) close++;
    const closer = text.charAt(close);
    if ((opener === '{' || opener === '%') && (closer === '%' || closer === '}')) {
      if (text.charAt(close + 1) === '}') {
        const span = shortenedTemplateSpan(text.slice(open + 2, close));
        const match =
          span === undefined ? null : TEMPLATE_AT_START.exec(`{${opener}${span}${closer}}`);
        if (match) {
          yield [opener, match[2] ?? ''];
          open = text.indexOf('{', close + 2);
          continue;
        }
      }
    }
    open = text.indexOf('{', open + 1);
  }
}

/** {@link TEMPLATE} anchored at both ends, for one span. */
const TEMPLATE_AT_START = new RegExp(`^${TEMPLATE.source}$`);

/**
 * A tag's inside with the runs of spaces at its ends (after a leading `-`, before a trailing
 * `-`) cut to two characters, or `undefined` when what lies between them is over 300 characters.
 */
function shortenedTemplateSpan(inside: string): string | undefined {
  const lead = inside.startsWith('-') ? 1 : 0;
  let start = lead;
  while (isSpace(inside[start])) start++;
  const kept = inside.slice(0, lead) + inside.slice(Math.max(lead, start - 2));
  const trail = kept.length > lead && kept.endsWith('-') ? 1 : 0;
  let end = kept.length - trail;
  while (end > 0 && isSpace(kept[end - 1])) end--;
  const shortened =
    kept.slice(0, Math.min(kept.length - trail, end + 2)) + kept.slice(kept.length - trail);
  return shortened.length > 306 ? undefined : shortened;
}

/** Template tags and filters in `text`. */
function templateNames(text: string): string[] {
  const names: string[] = [];
  for (const [opener, body] of templateMatches(text)) {
    if (opener === '%') names.push(NAME.exec(body)?.[0] ?? '');
    for (const part of body.split(/(?<!\|)\|(?!\|)/).slice(1))
      names.push(NAME.exec(part.trim())?.[0] ?? '');
  }
  return names;
}

/**
 * Subcommands and options of one command line: the words after the program up to the first that
 * is not a bare word, and every `--option`.
 */
function commandNames(line: string): string[] {
  const words = line.replace(RUNNER, '').trim().split(/\s+/).slice(1);
  const names: string[] = [];
  for (const word of words) {
    if (!/^[a-z][\w-]*$/i.test(word)) break;
    names.push(word);
    if (names.length === 2) break;
  }
  for (const [, option = ''] of line.matchAll(/(?:^|\s)--([A-Za-z][\w-]*)/g)) names.push(option);
  return names;
}

/**
 * The user-language names of a report (see the module's header).
 * @param text - the report's title and body.
 * @param programs - names a command line may start with without a prompt (the package's name).
 * @returns the names, deduplicated, in order, each at least {@link MIN_NAME_LENGTH} characters.
 * @example userLanguageNames('`{{ title | truncate: 5 }}` and\n```\n$ shop sync --dry-run\n```'); // ['truncate', 'sync', 'dry-run']
 */
export function userLanguageNames(text: string, programs: readonly string[] = []): string[] {
  const names = [...templateNames(text)];
  const commandLine = (line: string) => {
    const prompted = PROMPT.exec(line)?.[1];
    const first = line.replace(RUNNER, '').trim().split(/\s+/)[0] ?? '';
    if (prompted !== undefined) names.push(...commandNames(prompted));
    else if (programs.includes(first)) names.push(...commandNames(line));
  };
  const { blocks, outside } = fencedContents(text);
  for (const block of blocks) {
    for (const line of block.split('\n')) {
      commandLine(line);
      const key = CONFIG_LINE.exec(line)?.[1];
      if (key && !NOT_KEYS.has(key)) names.push(...new Set([key, key.split('.').at(-1) ?? key]));
    }
  }
  for (const [, code = ''] of outside.matchAll(INLINE_CODE)) commandLine(code);
  return [...new Set(names.filter((name) => name.length >= MIN_NAME_LENGTH))];
}

/**
 * The contents of a text's fenced code blocks (Markdown's fences, intake's `fencedBlocks`) and the
 * text outside them.
 */
function fencedContents(text: string): { blocks: string[]; outside: string } {
  const blocks: string[] = [];
  let outside = '';
  let from = 0;
  for (const { range, content } of fencedBlocks(text)) {
    blocks.push(text.slice(...content));
    outside += text.slice(from, range[0]);
    from = range[1];
  }
  return { blocks, outside: outside + text.slice(from) };
}
