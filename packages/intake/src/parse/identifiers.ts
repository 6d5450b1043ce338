/**
 * Code-like tokens of a report: camelCase and PascalCase words with an inner capital
 * (`userAgent`, `ReferenceError`), snake_case and SCREAMING_CASE, dotted or `::` paths
 * (`navigator.userAgent`, `std::vec::Vec`), errno codes (`ENOENT`), anything inside Markdown
 * inline code, and the function names of stack frames. Plain English words, file names, domains
 * and version numbers are left out, and so are the segments of paths (tokens next to `/` or `\`).
 */
import { MAX_TOKENS } from './limits.js';
import { FILE_EXTENSIONS } from './paths.js';
import type { Frame } from './types.js';

const TOKEN = /(?<![\w$])[A-Za-z_$][\w$]*(?:(?:\.|::|#)[A-Za-z_$][\w$]*)*/g;
const INLINE_CODE = /`([^`\n]{1,200})`/g;
const ERRNO =
  /^E(?:NO|CONN|ADDR|ACCES|ROFS|PERM|EXIST|ISDIR|MFILE|PIPE|TIMEDOUT|NOTDIR|NOTEMPTY|NOTFOUND|AGAIN|BUSY|INVAL)[A-Z]*$/;
const DOMAINS = new Set([
  'com',
  'org',
  'net',
  'io',
  'dev',
  'app',
  'co',
  'uk',
  'de',
  'fr',
  'edu',
  'gov',
  'info',
  'me',
]);

/** Brand and product names with inner capitals that are not code. */
const BRANDS = new Set(
  (
    'iPhone iPad iPod iOS iPadOS macOS watchOS tvOS visionOS iCloud iTunes iMessage iMac eBay ' +
    'JavaScript TypeScript CoffeeScript GitHub GitLab BitBucket YouTube WhatsApp PayPal LinkedIn ' +
    'WordPress PostgreSQL MySQL MongoDB SQLite GraphQL WiFi AirPods AirDrop FaceTime PowerPoint ' +
    'OneDrive OneNote DropBox TikTok PlayStation SoundCloud McDonald DevTools VSCode WebKit ' +
    'OpenAI ChatGPT FireFox DuckDuckGo StackOverflow NuGet PyPI DockerHub CloudFlare'
  ).split(' '),
);

/** Words that fill inline code without naming anything in the code base. */
const KEYWORDS = new Set(
  (
    'const let var function return if else for while do new this self true false null undefined ' +
    'none nil void typeof import export from require default class extends async await try catch ' +
    'throw def fn pub use and or not in is the a an to of'
  ).split(' '),
);

function isCodeLike(token: string): boolean {
  if (BRANDS.has(token)) return false;
  const segments = token.split(/\.|::|#/);
  if (segments.length > 1) {
    const last = (segments.at(-1) ?? '').toLowerCase();
    if (segments.every((segment) => segment.length <= 1)) return false;
    if (FILE_EXTENSIONS.has(last) && token.includes('.') && !token.includes('::')) return false;
    if (DOMAINS.has(last) && segments.every((segment) => /^[a-z0-9-]+$/.test(segment)))
      return false;
    return true;
  }
  if (/^_*$/.test(token)) return false;
  if (token.includes('_') && token.replace(/[^A-Za-z]/g, '').length >= 2) return true;
  if (/[a-z][A-Z]/.test(token)) return true;
  if (/^\$[\w$]/.test(token)) return true;
  return ERRNO.test(token);
}

const isSlash = (character: string | undefined) => character === '/' || character === '\\';

/** Tokens of `text`, except the segments of paths (tokens next to a `/` or `\`). */
function tokensOf(text: string): string[] {
  const tokens: string[] = [];
  for (const match of text.matchAll(TOKEN)) {
    const end = match.index + match[0].length;
    if (isSlash(text[match.index - 1]) || isSlash(text[end])) continue;
    tokens.push(match[0].replace(/^(?:self|this|cls)\./, ''));
  }
  return tokens;
}

/**
 * Extracts the identifiers of a report, deduplicated, in order of first appearance (text first,
 * then frame functions the text does not contain).
 * @param text the report text (or, for structured input, its title and messages).
 * @param frames every frame of the report; their function names count as identifiers.
 * @returns at most {@link MAX_TOKENS} identifiers.
 */
export function extractIdentifiers(text: string, frames: Frame[]): string[] {
  const inlineCode = new Set<string>();
  for (const [, code] of text.matchAll(INLINE_CODE)) {
    // Only a span that is one name (`navigator`, `createdAt()`): in longer snippets the plain words are not reliable names.
    const name = /^\s*([A-Za-z_$][\w$]*)(?:\(\))?\s*$/.exec(code ?? '')?.[1];
    if (name && name.length > 1 && !KEYWORDS.has(name)) inlineCode.add(name);
  }
  const frameNames = new Set<string>();
  for (const frame of frames) {
    if (frame.function?.startsWith('<')) continue;
    for (const token of tokensOf(frame.function ?? '')) if (token.length > 1) frameNames.add(token);
  }
  const found = new Set<string>();
  const accept = (token: string): void => {
    if (found.size < MAX_TOKENS && token.length > 1 && token.length <= 120) found.add(token);
  };
  const rejected = new Set<string>();
  for (const token of tokensOf(text)) {
    if (found.has(token) || rejected.has(token)) continue;
    if (isCodeLike(token) || inlineCode.has(token) || frameNames.has(token)) accept(token);
    else rejected.add(token);
  }
  for (const name of frameNames) accept(name);
  return [...found];
}
