// Child process for disk-store.int.test.ts: rewrites one entry with 32 MiB contents forever and
// prints "in-flight" while each write is under way (Node writes big files in 512 KiB chunks, so
// the event loop turns between them), until the parent kills it with SIGKILL.
import { createDiskStore } from '../disk-store.js';

const [root = ''] = process.argv.slice(2);
const store = createDiskStore({ root });
const size = 32 * 1024 * 1024;
for (let round = 0; ; round += 1) {
  const content = `${String.fromCharCode(97 + (round % 26)).repeat(size)}\nend\n`;
  const pending = store.write('/tool_results/s/big.txt', content);
  setTimeout(() => process.stdout.write('in-flight\n'), 1);
  await pending;
}
