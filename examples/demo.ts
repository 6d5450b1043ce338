/**
 * `npm run demo`: the main job on real input, with no API key and no ../shared.
 *
 * Downloads the package version named in examples/json5-2.2.1-proto-pollution/case.json with
 * `npm pack` (cached in bench/.cache/), runs `sightline investigate` on it with the report written
 * for that bug, prints the diagnosis, and checks that it names the file the upstream fix changed.
 * With SIGHTLINE_MODEL set (and its API key), the agent investigates instead of the offline
 * localizer.
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { npmPack } from '../bench/lib/npm-pack.js';

interface DemoCase {
  package: string;
  version: string;
  report: string;
  gold: { file: string; lines: [number, number]; symbol?: string }[];
}

const here = path.dirname(fileURLToPath(import.meta.url));
const caseDir = path.join(here, 'json5-2.2.1-proto-pollution');
const demo = JSON.parse(await readFile(path.join(caseDir, 'case.json'), 'utf8')) as DemoCase;
const cli = path.join(here, '..', 'packages', 'cli', 'bin', 'sightline.js');

process.stderr.write(
  `Fetching ${demo.package}@${demo.version} with npm pack (cached after the first run)…\n`,
);
const { dir } = await npmPack(`${demo.package}@${demo.version}`);
const reportPath = path.join(caseDir, demo.report);
process.stderr.write(
  `$ sightline investigate --repo ${path.relative(process.cwd(), dir)} --report ${path.relative(process.cwd(), reportPath)}\n\n`,
);

const markdown = await new Promise<string>((resolve, reject) => {
  const child = execFile(
    process.execPath,
    [cli, 'investigate', '--repo', dir, '--report', reportPath],
    { maxBuffer: 16 * 1024 * 1024 },
    (error, stdout) => (error ? reject(error) : resolve(stdout)),
  );
  child.stderr?.pipe(process.stderr);
});
process.stdout.write(markdown);

const named = demo.gold.filter((gold) => markdown.includes(gold.file)).map((gold) => gold.file);
if (named.length === 0) {
  process.stderr.write(
    `\nThe diagnosis does not name the file the upstream fix changed (${demo.gold.map((gold) => gold.file).join(', ')}).\n`,
  );
  process.exitCode = 1;
} else {
  process.stderr.write(
    `\nThe diagnosis names ${[...new Set(named)].join(', ')}, the file the upstream fix changed.\n`,
  );
}
