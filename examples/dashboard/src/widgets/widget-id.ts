/**
 * @param title - a widget's title, e.g. `Crash-free sessions`.
 * @returns a stable page-context node id from it, e.g. `crash-free-sessions` (ids stay the same
 *   across renders and reloads, so the agent can refer to a widget in later messages).
 */
export function widgetId(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
