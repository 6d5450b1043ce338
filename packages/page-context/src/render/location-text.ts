/**
 * A page location as one short line: the route with its `:param` placeholders filled in
 * (`issues/:issueId` + `{issueId: 'SL-42'}` → `issues/SL-42`), any other params in parentheses, then
 * the query (`?env=production&tag=a,b`). Used by the page heading and by diffs.
 */
import type { PageLocation } from '../types.js';
import { oneLine } from './format-data.js';

/**
 * @param location - the page's location.
 * @returns the line, newlines and control characters flattened (see `oneLine`).
 */
export function locationText(location: PageLocation): string {
  const params = { ...(location.params ?? {}) };
  const route = location.route.replace(/:([A-Za-z_][\w-]*)/g, (placeholder, name: string) => {
    const value = params[name];
    if (value === undefined) return placeholder;
    delete params[name];
    return value;
  });
  const rest = Object.entries(params).map(([key, value]) => `${key}=${value}`);
  const query = Object.entries(location.query ?? {}).map(
    ([key, value]) => `${key}=${Array.isArray(value) ? value.join(',') : String(value)}`,
  );
  const extra = rest.length > 0 ? ` (${rest.join('; ')})` : '';
  return oneLine(`${route}${extra}${query.length > 0 ? `?${query.join('&')}` : ''}`);
}
