/**
 * Tests that read the real data in `../shared/data` (a folder beside the checkout, not part of the
 * repository) skip where it is absent, and say so in their own title, so the test output names
 * what did not run.
 */
import { existsSync } from 'node:fs';

/** What {@link sharedDataTitle} returns. */
export interface SharedDataCheck {
  /** Whether the file or folder exists. */
  present: boolean;
  /** The suite's title; when absent, followed by `(skipped: <path> not found)`. */
  title: string;
}

/**
 * Checks for a file or folder of the shared data and names a suite after the result.
 * @param title - the suite's title.
 * @param location - the file or folder the suite reads (absolute, or relative to the current
 *   directory, as the tests give it).
 * @returns whether it is there, and the title to give `describe.skipIf(!present)`.
 * @example
 * const { present, title } = sharedDataTitle('real crash samples', INDEX);
 * describe.skipIf(!present)(title, () => { … });
 */
export function sharedDataTitle(title: string, location: string): SharedDataCheck {
  const present = existsSync(location);
  return { present, title: present ? title : `${title} (skipped: ${location} not found)` };
}
