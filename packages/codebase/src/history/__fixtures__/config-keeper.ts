/**
 * Keeps the safe.directory configuration file of the entries given as arguments, prints its path
 * and waits to be stopped (safe-directories.int.test.ts interrupts it).
 */
import { safeDirectoryConfigFile } from '../safe-directory-config.js';

const file = await safeDirectoryConfigFile(process.argv.slice(2));
process.stdout.write(`${file}\n`);
setInterval(() => undefined, 60_000);
