/**
 * `sightline serve --demo` (and `npm run demo:serve`, which runs it): the triage service on the
 * demo package with the demo's reports, offline, with no API key. It fetches the package of
 * examples/json5-2.2.1-proto-pollution (npm pack, cached in bench/.cache/npm like `npm run demo`
 * in a checkout; in the user's cache folder for an installed CLI), serves it from a fresh data
 * folder, posts examples/serve-demo/reports.json and that case's issue through
 * `POST /api/reports`, waits until every job is done, and prints the inbox: which groups were
 * investigated and why the others were not, with the calls to try. The CLI's build ships these
 * example files in its dist/examples/, so an installed CLI runs the demo from any folder.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { npmPack } from '@sightline/codebase/testing';
import { SightlineError } from '@sightline/core';
import {
  type GroupDetail,
  type InboxRow,
  type RunningService,
  tokenInShell,
} from '@sightline/service';
import { checkDataFolder } from '@sightline/service/internal';
import { demoAnswer } from './demo-answer.js';
import { demoInvestigationLine } from './demo-inbox-line.js';
import { runServe, type ServeCommandOptions, type ServeIO } from './run-serve.js';

/** Options of {@link runServeDemo}. */
export interface ServeDemoOptions {
  /** Port; when taken, any free one is used instead. */
  port: number;
  /** Data folder. Default: a fresh temporary folder, removed when the demo stops. */
  data?: string;
  /** Stop after printing the inbox instead of serving until Ctrl-C. */
  once: boolean;
  /** How the service listens and whom it lets in (`serve`'s flags of the same names). */
  service: Pick<
    ServeCommandOptions,
    'concurrency' | 'host' | 'rateLimit' | 'sourceHosts' | 'project'
  >;
}

interface DemoReport {
  id: string;
  text: string;
  filename?: string;
}

/**
 * Runs the demo. @returns the exit code.
 * @throws SightlineError `PATH_NOT_FOUND` when the example files are missing (see `demoFiles`);
 *   what `checkDataFolder` throws for `options.data`, before anything is fetched;
 *   Error when `npm pack` fails (offline on the first run).
 */
export async function runServeDemo(options: ServeDemoOptions, io: ServeIO): Promise<number> {
  // A data folder the service would refuse is refused now, before the download, not after it.
  if (options.data !== undefined) {
    const { host } = options.service;
    checkDataFolder(options.data, { ...(host !== undefined ? { host } : {}), env: io.env });
  }
  const { examples, cacheDir } = demoFiles(io.env);
  const caseDir = path.join(examples, 'json5-2.2.1-proto-pollution');
  const demoCase = JSON.parse(fs.readFileSync(path.join(caseDir, 'case.json'), 'utf8')) as {
    package: string;
    version: string;
    report: string;
  };
  const spec = `${demoCase.package}@${demoCase.version}`;
  const { dir } = await npmPack(spec, {
    cacheDir,
    onDownload: () => io.stderr(`Fetching ${spec} with npm pack (cached after the first run)…\n`),
  });
  const { reports } = JSON.parse(
    fs.readFileSync(path.join(examples, 'serve-demo', 'reports.json'), 'utf8'),
  ) as { reports: DemoReport[] };
  reports.push({
    id: 'issue-proto-pollution',
    text: fs.readFileSync(path.join(caseDir, demoCase.report), 'utf8'),
    filename: 'issue.md',
  });
  const data = options.data ?? fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-demo-'));
  const demoIO: ServeIO = {
    ...io,
    // Offline whatever the environment says: the demo needs no API key.
    env: { ...io.env, SIGHTLINE_MODEL: undefined },
    ...(options.once ? { stopped: Promise.resolve(), callsShown: false } : {}),
    onListening: async (service) => {
      await postAndShow(service, reports, demoIO);
      io.stderr(demoEnding(options));
    },
  };
  const serve = (port: number) => runServe({ ...options.service, repo: dir, data, port }, demoIO);
  try {
    return await serve(options.port).catch((error: unknown) => {
      const cause = SightlineError.isInstance(error) ? error.cause : undefined;
      if ((cause as NodeJS.ErrnoException | undefined)?.code !== 'EADDRINUSE') throw error;
      io.stderr(`Port ${options.port} is taken; using a free one.\n`);
      return serve(0);
    });
  } finally {
    if (!options.data) fs.rmSync(data, { recursive: true, force: true });
  }
}

/**
 * The demo's last line: whether it stops (`--once`) and what becomes of its data folder (a
 * temporary one is removed; one given with `--data` is the user's and is kept).
 */
export function demoEnding({ once, data }: Pick<ServeDemoOptions, 'once' | 'data'>): string {
  if (!once) return '\nServing until Ctrl-C.\n';
  const folder =
    data === undefined ? 'the demo data folder goes with it' : `the data folder ${data} is kept`;
  return `\n--once: stopping (${folder}); without --once it serves until Ctrl-C.\n`;
}

/** The demo's example files, and where its package download is cached. */
interface DemoFiles {
  /** A folder holding serve-demo/reports.json and the json5 case. */
  examples: string;
  cacheDir: string;
}

const DEMO_REPORTS = path.join('examples', 'serve-demo', 'reports.json');

/**
 * The demo's files: a Sightline checkout above this module (its examples/, the download cached in
 * bench/.cache/npm as `npm run demo` does), else the copy the CLI's build ships beside its bundle
 * (dist/examples/, the download cached in $XDG_CACHE_HOME/sightline/npm or ~/.cache/sightline/npm).
 * @throws SightlineError `PATH_NOT_FOUND` when neither is there (a CLI built without them).
 */
function demoFiles(env: Readonly<Record<string, string | undefined>>): DemoFiles {
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (let dir = here; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, DEMO_REPORTS)) && fs.existsSync(path.join(dir, 'bench'))) {
      return {
        examples: path.join(dir, 'examples'),
        cacheDir: path.join(dir, 'bench', '.cache', 'npm'),
      };
    }
    if (path.dirname(dir) === dir) break;
  }
  if (fs.existsSync(path.join(here, DEMO_REPORTS))) {
    const cacheHome = env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
    return {
      examples: path.join(here, 'examples'),
      cacheDir: path.join(cacheHome, 'sightline', 'npm'),
    };
  }
  throw new SightlineError({
    code: 'PATH_NOT_FOUND',
    message: `sightline serve --demo needs its example reports (${DEMO_REPORTS}), and neither a Sightline checkout above ${here} nor this CLI's build has them. Rebuild the CLI (npm run build), or run it from a checkout.`,
  });
}

/** Posts the reports, waits for the pipeline, prints the inbox with what was investigated. */
async function postAndShow(service: RunningService, reports: DemoReport[], io: ServeIO) {
  const auth = { authorization: `Bearer ${service.token}` };
  const posted = await fetch(`${service.url}/api/reports`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ reports }),
  });
  const postedBody = await demoAnswer(posted);
  io.stderr(`POST /api/reports → ${posted.status} ${JSON.stringify(postedBody)}\n`);
  io.stderr('Parsing, classifying, grouping and investigating offline…\n');
  await service.queue.drain({ timeoutMs: 300_000 });
  const inbox = (await demoAnswer(await fetch(`${service.url}/api/groups`, { headers: auth }))) as {
    groups: InboxRow[];
  };
  io.stdout('\nInbox:\n');
  for (const row of inbox.groups) {
    const detail = (await demoAnswer(
      await fetch(`${service.url}/api/groups/${row.id}`, { headers: auth }),
    )) as GroupDetail;
    const link = io.callsShown === false ? '' : `           ${service.url}/api/groups/${row.id}\n`;
    io.stdout(
      `  ${row.label.padEnd(8)} ×${row.count}  ${row.title.slice(0, 70)}\n` +
        `           ${demoInvestigationLine(row, detail)}\n${link}`,
    );
  }
  if (io.callsShown === false) return;
  io.stdout(
    `\nA group the classifier got wrong can be investigated on request, whatever its label:\n  curl -s -X POST -H "Authorization: Bearer ${tokenInShell(service.tokenFile, io.env)}" -H "Content-Type: application/json" -d '{}' ${service.url}/api/groups/<id>/investigate\n`,
  );
}
