// Module hooks for never-hangs.int.test.ts: loading the `investigate` verb's module waits 3 s and
// says so on stderr first, so a test can stop the CLI while its verb is still being loaded.
import { register } from 'node:module';

register(
  `data:text/javascript,${encodeURIComponent(`
    export async function load(url, context, nextLoad) {
      if (url.includes('/commands/investigate.ts')) {
        process.stderr.write('loading the verb\\n');
        await new Promise((resolve) => setTimeout(resolve, 3000));
      }
      return nextLoad(url, context);
    }
  `)}`,
);
