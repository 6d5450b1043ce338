/**
 * File paths mentioned in a report: `src/app.ts:12:5`, `/srv/app/x.py`, `C:\app\Foo.cs`,
 * `file:///…`, the path part of `https://host/js/file.js`, bare `MyServlet.java`. The text is cut
 * into whitespace- and bracket-delimited chunks first, so every check runs on a short string.
 */
import { normalizeFramePath, splitLocation } from './frame-path.js';
import { MAX_TOKENS } from './limits.js';
import { trimEndCharacters, withoutQueryAndFragment } from './lines.js';
import type { Frame } from './types.js';

/** Extensions of source, configuration and log files. */
export const FILE_EXTENSIONS = new Set(
  (
    'js jsx ts tsx mjs cjs mts cts vue svelte astro py pyx pyi ipynb java kt kts scala sc groovy go rs rb erb rake ' +
    'cs fs vb cshtml razor swift m mm h hpp hh hxx c cc cpp cxx php dart lua ex exs erl hrl clj cljs ' +
    'sh bash zsh ps1 sql html htm css scss sass less json jsonc yml yaml toml xml gradle properties ini ' +
    'cfg conf env md mdx txt lock plist ips log proto graphql gql tf'
  ).split(' '),
);

/** `Node.js`-style product names that look like file names. */
const PRODUCT_NAMES = new Set([
  'node.js',
  'vue.js',
  'next.js',
  'nuxt.js',
  'express.js',
  'react.js',
  'three.js',
  'd3.js',
  'chart.js',
  'angular.js',
  'ember.js',
  'backbone.js',
  'socket.io',
  'asp.net',
  'ado.net',
  'vb.net',
]);

/** Chunks of text between whitespace, quotes and brackets. */
const CHUNK = /[^\s"'`()[\]{},;|]+/g;

function extensionOf(path: string): string | undefined {
  const name = path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : undefined;
}

/**
 * Cleans one chunk into a path, if it is one.
 * @returns the normalised path (URL → its path part, `:line:column` removed), or `undefined`.
 */
function toPath(chunk: string): string | undefined {
  let candidate = trimEndCharacters(chunk.replace(/^[<*_]+/, ''), '.,:;!?>*_');
  const scheme = candidate.indexOf('://');
  if (scheme > 0 && !/^(?:file|webpack|webpack-internal|app)$/i.test(candidate.slice(0, scheme))) {
    const slash = candidate.indexOf('/', scheme + 3);
    if (slash < 0) return undefined;
    candidate = withoutQueryAndFragment(candidate.slice(slash));
  }
  candidate = normalizeFramePath(candidate) ?? '';
  candidate = splitLocation(candidate).file;
  const extension = extensionOf(candidate);
  if (!extension || !FILE_EXTENSIONS.has(extension)) return undefined;
  const hasFolder = /[/\\]/.test(candidate);
  if (!hasFolder && (PRODUCT_NAMES.has(candidate.toLowerCase()) || !/^[\w.@+-]+$/.test(candidate)))
    return undefined;
  if (/^[a-z]+:/i.test(candidate) && !/^[A-Za-z]:[\\/]/.test(candidate)) return undefined;
  return candidate;
}

/**
 * Collects the file paths of a report, in order of first appearance: those in the text, then
 * those of frames not already named.
 * @param text the report text.
 * @param frames every frame of the report.
 * @returns at most {@link MAX_TOKENS} distinct paths.
 */
export function extractPaths(text: string, frames: Frame[]): string[] {
  const found = new Set<string>();
  const seen = new Set<string>();
  for (const [chunk] of text.matchAll(CHUNK)) {
    if (found.size >= MAX_TOKENS) break;
    if (chunk.length > 500 || seen.has(chunk) || !/[./\\]/.test(chunk)) continue;
    seen.add(chunk);
    const path = toPath(chunk);
    if (path) found.add(path);
  }
  for (const frame of frames) {
    if (found.size >= MAX_TOKENS) break;
    const path = frame.file ? toPath(frame.file) : undefined;
    if (path) found.add(path);
  }
  return [...found];
}
