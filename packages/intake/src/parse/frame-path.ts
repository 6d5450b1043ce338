/** Normalisation of the file part of a stack frame. */

/**
 * Strips transport prefixes from a frame's file so it reads as a path: `file://`,
 * `webpack:///`, `webpack-internal:///`, `app:///`, and leading `./`. A Windows file URL keeps
 * its drive (`file:///C:/x.js` → `C:/x.js`). URLs of other schemes (http, https) are kept whole.
 * @returns the cleaned file, or `undefined` for an empty one.
 */
export function normalizeFramePath(file: string | undefined): string | undefined {
  if (!file) return undefined;
  const cleaned = file
    .trim()
    .replace(/^file:\/\/(?:localhost)?/i, '')
    .replace(/^\/([A-Za-z]:[\\/])/, '$1')
    .replace(/^(?:webpack(?:-internal)?|app|turbopack):\/\/\/?(?:\([^)]*\)\/)?/i, '')
    .replace(/^(?:\.\/)+/, '');
  return cleaned === '' ? undefined : cleaned;
}

/**
 * Splits `path:line:column` (column optional) at its end.
 * @returns the path with line and column, or just the path when it has no line.
 */
export function splitLocation(location: string): { file: string; line?: number; column?: number } {
  const match = /^(.*?):(\d+)(?::(\d+))?$/.exec(location);
  if (!match?.[1]) return { file: location };
  const line = Number(match[2]);
  const column = match[3] === undefined ? undefined : Number(match[3]);
  return {
    file: match[1],
    ...(line > 0 ? { line } : {}),
    ...(column && column > 0 ? { column } : {}),
  };
}
