/**
 * Development warnings, each printed once per page load. "Development" is what bundlers and Node
 * call it: `process.env.NODE_ENV` other than `production` (Vite, webpack and esbuild replace the
 * expression; where nothing defines it in a browser, nothing is printed).
 */

const warned = new Set<string>();

function isDevelopment(): boolean {
  try {
    return process.env.NODE_ENV !== 'production';
  } catch {
    return false;
  }
}

/**
 * Prints `message` with `console.warn` the first time `key` is seen, in development only.
 * @param key - what the warning is about (one warning per key).
 * @param message - the text, saying what to do.
 */
export function warnOnce(key: string, message: string): void {
  if (warned.has(key) || !isDevelopment()) return;
  warned.add(key);
  console.warn(`[@sightline/page-context] ${message}`);
}
