/** A warning as the CLI prints it on stderr. */
import { printablePath } from '@sightline/codebase';

/**
 * One warning as a stderr line: control characters escaped, since a warning names files and
 * folders whose names may hold escape codes (fresh-user trial 26) and a line break would forge
 * another line.
 * @param warning - one sentence (an index's or a diagnosis' warning).
 * @returns `sightline: warning: <warning>` and a newline.
 */
export function warningLine(warning: string): string {
  return `sightline: warning: ${printablePath(warning)}\n`;
}
