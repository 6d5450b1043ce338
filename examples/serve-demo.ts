/**
 * `npm run demo:serve`: the triage service on real input, with no API key and no ../shared.
 *
 * Downloads json5 2.2.1 (the package `npm run demo` investigates; cached in bench/.cache/), starts
 * `sightline serve` on it, posts a handful of reports through the API (two crashes of one bug, the
 * demo case's issue, three reviews), waits until they are parsed, classified, grouped and
 * investigated offline, prints the inbox and the calls to try, and keeps serving until Ctrl-C.
 * `--once` stops after printing. `PORT` picks the port (default 4317, or any free one if taken).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { builtConsoleDir } from '@sightline/console';
import { describeCalls, type RunningService, startService } from '@sightline/service';
import { npmPack } from '../bench/lib/npm-pack.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const once = process.argv.includes('--once');

process.stderr.write('Fetching json5@2.2.1 with npm pack (cached after the first run)…\n');
const { dir } = await npmPack('json5@2.2.1');
const demo = JSON.parse(await readFile(path.join(here, 'serve-demo', 'reports.json'), 'utf8')) as {
  reports: { id: string; text: string; filename?: string }[];
};
const issue = await readFile(path.join(here, 'json5-2.2.1-proto-pollution', 'report.md'), 'utf8');
const reports = [
  ...demo.reports,
  { id: 'issue-proto-pollution', text: issue, filename: 'issue.md' },
];

const service = await start(Number(process.env.PORT ?? 4317));
process.stderr.write(`Service at ${service.url} (data in ${service.dataDir}).\n`);
const auth = { authorization: `Bearer ${service.token}` };
const posted = await fetch(`${service.url}/api/reports`, {
  method: 'POST',
  headers: { ...auth, 'content-type': 'application/json' },
  body: JSON.stringify({ reports }),
});
process.stderr.write(
  `POST /api/reports → ${posted.status} ${JSON.stringify(await posted.json())}\n`,
);
await service.queue.drain({ timeoutMs: 300_000 });

const inbox = (await (await fetch(`${service.url}/api/groups`, { headers: auth })).json()) as {
  groups: {
    id: string;
    label: string;
    count: number;
    title: string;
    latestDiagnosisVersion: number;
  }[];
};
process.stdout.write('\nInbox:\n');
for (const group of inbox.groups) {
  const detail = (await (
    await fetch(`${service.url}/api/groups/${group.id}`, { headers: auth })
  ).json()) as {
    diagnoses: { diagnosis: { affectedFiles?: { path: string; lines: [number, number] }[] } }[];
  };
  const file = detail.diagnoses[0]?.diagnosis.affectedFiles?.[0];
  const where = file ? ` → ${file.path}:${file.lines[0]}-${file.lines[1]}` : '';
  process.stdout.write(
    `  ${group.label.padEnd(8)} ×${group.count}  ${group.title.slice(0, 70)}${where}\n`,
  );
  process.stdout.write(`           ${service.url}/api/groups/${group.id}\n`);
}
process.stdout.write(`\nConsole: ${service.consoleUrl}\n`);
process.stdout.write(`\n${describeCalls(service.url, service.tokenFile)}\n`);
if (once) {
  await service.close();
} else {
  process.stderr.write('\nServing until Ctrl-C.\n');
  await new Promise((resolve) => process.once('SIGINT', resolve));
  await service.close();
}

async function start(port: number): Promise<RunningService> {
  const consoleDir = builtConsoleDir();
  const options = { repo: dir, ...(consoleDir ? { consoleDir } : {}) };
  try {
    return await startService({ ...options, port });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    process.stderr.write(`Port ${port} is taken; using a free one.\n`);
    return startService({ ...options, port: 0 });
  }
}
