/**
 * Maps a position in a bundled or compiled file back to its original source through the file's
 * source map (a `//# sourceMappingURL=` comment, inline `data:` or a file, or `<file>.map` next to
 * it), using source-map-js.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type RawSourceMap, SourceMapConsumer } from 'source-map-js';

/** An original position: `source` as the map names it, normalised to a `/` path. */
export interface OriginalPosition {
  source: string;
  /** 1-based line. */
  line: number;
}

const MAPPING_URL = /\/[/*][#@]\s*sourceMappingURL=([^\s*]+)/g;

function readRawMap(absoluteFile: string): { map: RawSourceMap; directory: string } | null {
  const text = readFileSync(absoluteFile, 'utf8');
  const url = [...text.slice(-4_096).matchAll(MAPPING_URL)].at(-1)?.[1];
  const directory = path.dirname(absoluteFile);
  if (url?.startsWith('data:')) {
    const comma = url.indexOf(',');
    const payload = url.slice(comma + 1);
    const json = url.slice(0, comma).endsWith(';base64')
      ? Buffer.from(payload, 'base64').toString('utf8')
      : decodeURIComponent(payload);
    return { map: JSON.parse(json) as RawSourceMap, directory };
  }
  const mapFile = url ? path.resolve(directory, url) : `${absoluteFile}.map`;
  if (!existsSync(mapFile)) return null;
  return {
    map: JSON.parse(readFileSync(mapFile, 'utf8')) as RawSourceMap,
    directory: path.dirname(mapFile),
  };
}

/**
 * Looks up where `line`:`column` of a generated file came from.
 * @param absoluteFile the generated file on disk.
 * @param line 1-based line in the generated file.
 * @param column 1-based column (default 1).
 * @returns the original source path (resolved against the map's folder and `sourceRoot`, with
 *   `webpack://` style prefixes removed) and line, or `null` when there is no usable map or
 *   mapping. Never throws: an unreadable or malformed map counts as no map.
 */
export function mapThroughSourceMap(
  absoluteFile: string,
  line: number,
  column = 1,
): OriginalPosition | null {
  try {
    const raw = readRawMap(absoluteFile);
    if (!raw) return null;
    const consumer = new SourceMapConsumer(raw.map);
    const original = consumer.originalPositionFor({ line, column: Math.max(0, column - 1) });
    if (!original.source || !original.line) return null;
    const source = original.source.replace(/^[a-z-]+:\/\/[^/]*\//i, '').replace(/^\.\//, '');
    const resolved = path.isAbsolute(source) ? source : path.resolve(raw.directory, source);
    return { source: resolved.split(path.sep).join('/'), line: original.line };
  } catch {
    return null;
  }
}
