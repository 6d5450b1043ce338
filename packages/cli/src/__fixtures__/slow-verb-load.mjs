// Module hooks for never-hangs.int.test.ts: loading the module whose address holds
// SIGHTLINE_TEST_SLOW_LOAD (default the `investigate` verb's module) waits 3 s and says
// `loading <that part of the address>` on stderr first, so a test can stop the CLI while that
// module is still being loaded.
import { register } from 'node:module';

register(
  `data:text/javascript,${encodeURIComponent(`
    let slow;
    export function initialize(data) {
      slow = data.slow;
    }
    export async function load(url, context, nextLoad) {
      if (url.includes(slow)) {
        process.stderr.write('loading ' + slow + '\\n');
        await new Promise((resolve) => setTimeout(resolve, 3000));
      }
      return nextLoad(url, context);
    }
  `)}`,
  { data: { slow: process.env.SIGHTLINE_TEST_SLOW_LOAD || '/commands/investigate.ts' } },
);
