/**
 * `npx tsx examples/mcp-client.ts`: talks to `sightline mcp` the way a coding agent does, with no
 * MCP inspector and no API key.
 *
 * Fetches the json5 version of the quick-start demo (`npm pack`, cached in bench/.cache/), starts
 * `sightline mcp --repo <package>` over stdio with the MCP SDK's client, lists the tools, calls
 * `localize` with the demo's bug report, prints the ranked suspects and checks that they include
 * the file the upstream fix changed. Needs the built CLI (`npm run build`, done by `npm ci`).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { npmPack } from '../bench/lib/npm-pack.js';

interface DemoCase {
  package: string;
  version: string;
  report: string;
  gold: { file: string }[];
}

const here = path.dirname(fileURLToPath(import.meta.url));
const caseDir = path.join(here, 'json5-2.2.1-proto-pollution');
const demo = JSON.parse(await readFile(path.join(caseDir, 'case.json'), 'utf8')) as DemoCase;
const cli = path.join(here, '..', 'packages', 'cli', 'bin', 'sightline.js');

process.stderr.write(`Fetching ${demo.package}@${demo.version} (cached after the first run)…\n`);
const { dir } = await npmPack(`${demo.package}@${demo.version}`);
const report = await readFile(path.join(caseDir, demo.report), 'utf8');

// The same command a coding agent's configuration names; the server's log lines go to stderr.
const transport = new StdioClientTransport({
  command: process.execPath,
  args: [cli, 'mcp', '--repo', dir],
  stderr: 'inherit',
});
const client = new Client({ name: 'sightline-example', version: '0.1.0' });
await client.connect(transport);
try {
  const { tools } = await client.listTools();
  process.stderr.write(`Connected. Tools: ${tools.map((tool) => tool.name).join(', ')}\n\n`);

  const result = await client.callTool({ name: 'localize', arguments: { report, limit: 5 } });
  const [first] = result.content as { type: string; text?: string }[];
  process.stdout.write(`${first?.text ?? ''}\n`);

  const { suspects } = result.structuredContent as { suspects: { path: string }[] };
  const gold = demo.gold.map((location) => location.file);
  const rank = suspects.findIndex((suspect) => gold.includes(suspect.path));
  if (rank === -1) {
    process.stderr.write(
      `\nThe suspects do not include ${gold.join(', ')}, the file the fix changed.\n`,
    );
    process.exitCode = 1;
  } else {
    process.stderr.write(
      `\nSuspect #${rank + 1} is ${suspects[rank]?.path}, the file the upstream fix changed.\n`,
    );
  }
} finally {
  await client.close();
}
