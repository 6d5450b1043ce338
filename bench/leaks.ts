/**
 * `npm run bench:leaks` — what a hostile repository gets out of Sightline (issue #34): the
 * repository of `@sightline/codebase/testing` (fake secrets by content in every format the issue
 * found leaking, secrets by name, a UTF-16 file, definitions spanning secret lines, a hard link
 * and a symbolic link to files outside), attacked through every in-process channel: the four code
 * tools, the index's signatures, the repository map and its JSON, diagnosis verification (quotes,
 * ranges), patch explanations and the offline diagnosis.
 *
 * Two figures: **leaked outputs** (outputs holding any piece of a planted secret, over all
 * outputs) and **oracle bits** (pairs of attempts, a right and a wrong guess at a withheld line
 * through grep or verify_diagnosis, whose answers differ: each such pair tells the attacker one
 * bit about hidden text). Both must be 0. The MCP and CLI wrappers of the same functions are
 * covered by the hostile-repository test suites.
 *
 * The other side of the trade: **withheld lines in Sightline's own source** (every tracked source
 * file of this repository, fixtures left out), lines a model would not see; nearly all are fake
 * credentials of tests, the rest are false positives. Writes bench/results/leaks.json and its
 * table in bench/README.md.
 */
import { execFileSync } from 'node:child_process';
import { readFile as readText } from 'node:fs/promises';
import {
  findSymbol,
  grep,
  indexRepository,
  listDir,
  readFile,
  renderRepositoryMap,
} from '@sightline/codebase';
import { scanSecrets } from '@sightline/codebase/internal';
import {
  createHostileRepository,
  type HostileRepository,
  wrongGuess,
} from '@sightline/codebase/testing';
import type { Report } from '@sightline/intake';
import { diagnoseOffline, localize, verifyDiagnosis } from '@sightline/investigator';
import { diagnosisCiting } from '@sightline/investigator/testing';
import { markdownTable, updateReadmeTable, writeResults } from './lib/results.js';

/** Outputs of one channel: every text it returned, and the answer pairs of its oracle probes. */
interface Channel {
  name: string;
  outputs: string[];
  pairs: [string, string][];
}

const regexOf = (literal: string) => literal.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

/** A result as the caller sees it, with the caller's own guesses taken out. */
function said(result: unknown, own: string[] = []): string {
  let text = JSON.stringify(result);
  for (const piece of own) text = text.replaceAll(JSON.stringify(piece).slice(1, -1), 'GUESS');
  return text;
}

const patchAt = (file: string, line: number, context: string) =>
  `--- a/${file}\n+++ b/${file}\n@@ -${line},1 +${line},2 @@\n ${context}\n+// added\n`;

async function codeTools(hostile: HostileRepository): Promise<Channel> {
  const { root } = hostile;
  const outputs: string[] = [];
  const pairs: [string, string][] = [];
  const files = [...new Set([...hostile.secrets.map((s) => s.path), ...hostile.refused])];
  for (const file of [...files, 'src/linked.ts']) outputs.push(said(await readFile(root, file)));
  const patterns = [
    'Fake',
    'password|token|key',
    'AKIA',
    'ghp_',
    'sk_live',
    'AIza',
    'sk-',
    'NOTE=',
  ];
  for (const pattern of patterns) outputs.push(said(await grep(root, pattern)));
  for (const secret of hostile.secrets) {
    outputs.push(said(await grep(root, '.', { path: secret.path })));
    const literal = (secret.markers[0] ?? '').slice(0, 14);
    const right = regexOf(literal);
    const wrong = regexOf(wrongGuess(literal, literal.length - 1));
    for (const options of [{}, { path: secret.path }, { maxResults: 1 }]) {
      pairs.push([
        said(await grep(root, right, options), [right, wrong]),
        said(await grep(root, wrong, options), [right, wrong]),
      ]);
    }
  }
  for (const [right, wrong] of [
    ['NOTE=FakeOutside', 'NOTE=XakeOutside'],
    ['SERVICE_TOKEN=FakeSettings', 'SERVICE_TOKEN=XakeSettings'],
  ] as const) {
    pairs.push([
      said(await grep(root, right), [right, wrong]),
      said(await grep(root, wrong), [right, wrong]),
    ]);
  }
  outputs.push(said(await listDir(root, '.', { depth: 5 })));
  return { name: 'code tools (read_file, grep, list_dir)', outputs, pairs };
}

async function mapChannels(hostile: HostileRepository): Promise<Channel> {
  const index = await indexRepository(hostile.root, { cacheDir: false });
  const outputs: string[] = [];
  const names = ['database', 'connect', 'billing', 'loadMaps', 'githubToken', 'ci', 'session'];
  for (const name of names) outputs.push(said(await findSymbol(index, name)));
  for (const tokens of [256, 1_024, 4_000, 8_000]) {
    const map = renderRepositoryMap(index, { tokens });
    outputs.push(map.text, said(map.files));
  }
  const focused = renderRepositoryMap(index, { tokens: 4_000, focus: { identifiers: names } });
  outputs.push(focused.text, said(focused.files));
  return { name: 'find_symbol, repository map and its JSON', outputs, pairs: [] };
}

async function verification(hostile: HostileRepository): Promise<Channel> {
  const { root } = hostile;
  const outputs: string[] = [];
  const pairs: [string, string][] = [];
  const verdict = async (diagnosis: unknown, own: string[] = []) => {
    const { ok, verified, errors } = await verifyDiagnosis(diagnosis, root);
    return said({ ok, verified, errors }, own);
  };
  for (const secret of hostile.secrets) {
    const { path: file, line } = secret;
    outputs.push(await verdict(diagnosisCiting(file, line, 'const other = 1;')));
    outputs.push(
      await verdict(diagnosisCiting(file, line, 'x', patchAt(file, line, 'const other = 1;'))),
    );
    const right = secret.lineText.trim();
    const wrong = wrongGuess(right);
    pairs.push([
      await verdict(diagnosisCiting(file, line, right), [right, wrong]),
      await verdict(diagnosisCiting(file, line, wrong), [right, wrong]),
    ]);
    const rightLine = secret.lineText;
    const wrongLine = wrongGuess(rightLine);
    pairs.push([
      await verdict(diagnosisCiting(file, line, 'x', patchAt(file, line, rightLine)), [
        rightLine,
        wrongLine,
      ]),
      await verdict(diagnosisCiting(file, line, 'x', patchAt(file, line, wrongLine)), [
        rightLine,
        wrongLine,
      ]),
    ]);
  }
  for (const [file, right] of [
    ['settings.conf', 'SERVICE_TOKEN=FakeSettingsToken'],
    ['docs/notes.txt', 'NOTE=FakeOutsideHardLink'],
  ] as const) {
    const wrong = wrongGuess(right);
    pairs.push([
      await verdict(diagnosisCiting(file, 1, right), [right, wrong]),
      await verdict(diagnosisCiting(file, 1, wrong), [right, wrong]),
    ]);
  }
  return { name: 'verify_diagnosis (quotes, ranges, patches)', outputs, pairs };
}

/** A report quoting every withheld line, as an attacker would send to `localize`. */
function quotingReport(hostile: HostileRepository): Report {
  return {
    id: 'issue',
    kind: 'issue',
    source: { format: 'markdown-issue' },
    title: 'It fails',
    body: `The config has:\n${hostile.secrets.map((secret) => secret.lineText.trim()).join('\n')}`,
    exceptions: [],
    identifiers: [],
    paths: [],
  };
}

/**
 * The localizer (BM25 over file text, the MCP `localize` tool): its answer to a report quoting
 * every withheld line, on the repository and on a copy whose secrets end in another character.
 */
async function localizer(hostile: HostileRepository): Promise<Channel> {
  const copy = await hostile.copyWithOtherSecrets();
  const report = quotingReport(hostile);
  const [real, changed] = await Promise.all(
    [hostile.root, copy].map(async (root) =>
      said(localize(report, await indexRepository(root, { cacheDir: false }))),
    ),
  );
  const own = report.body;
  return {
    name: 'localize (suspects and their BM25 evidence)',
    // The report's own text is the caller's; what the answer adds about the repository is checked.
    outputs: [(real ?? '').replaceAll(own, '')],
    pairs: [[real ?? '', changed ?? '']],
  };
}

async function offline(hostile: HostileRepository): Promise<Channel> {
  const index = await indexRepository(hostile.root, { cacheDir: false });
  const outputs: string[] = [];
  for (const name of ['billing', 'connect', 'database', 'loadMaps', 'githubToken', 'session']) {
    const report: Report = {
      id: 'issue',
      kind: 'issue',
      source: { format: 'markdown-issue' },
      title: `${name} fails`,
      body: `Calling ${name}() throws.`,
      exceptions: [],
      identifiers: [name],
      paths: [],
    };
    outputs.push(said(await diagnoseOffline(report, index)));
  }
  return { name: 'offline diagnosis evidence', outputs, pairs: [] };
}

/** Scans every tracked source file of this repository; counts the lines withheld, by rule. */
async function ownSource() {
  const listed = execFileSync(
    'git',
    ['ls-files', '-z', 'packages', 'bench', 'scripts', 'examples'],
    {
      encoding: 'utf8',
    },
  );
  const files = listed
    .split('\0')
    .filter(
      (file) => /\.(?:[cm]?[jt]sx?|json|md|ya?ml)$/.test(file) && !file.includes('__fixtures__'),
    );
  let lines = 0;
  let withheld = 0;
  let refused = 0;
  const byRule = new Map<string, number>();
  const started = performance.now();
  for (const file of files) {
    const text = await readText(file, 'utf8');
    lines += text.split('\n').length;
    const scan = await scanSecrets(text, file);
    if (scan.file) refused++;
    withheld += scan.lines.size;
    for (const what of scan.lines.values()) byRule.set(what, (byRule.get(what) ?? 0) + 1);
  }
  const ms = performance.now() - started;
  return { files: files.length, lines, withheld, refused, ms, byRule };
}

const hostile = await createHostileRepository();
let channels: Channel[];
try {
  channels = [
    await codeTools(hostile),
    await mapChannels(hostile),
    await verification(hostile),
    await localizer(hostile),
    await offline(hostile),
  ];
} finally {
  await hostile.cleanup();
}

const rows = channels.map((channel) => {
  const leaked = channel.outputs.filter((output) => hostile.leaks(output).length > 0).length;
  const bits = channel.pairs.filter(([right, wrong]) => right !== wrong).length;
  return {
    channel: channel.name,
    outputs: channel.outputs.length,
    leaked,
    pairs: channel.pairs.length,
    bits,
  };
});
const total = rows.reduce(
  (sum, row) => ({
    outputs: sum.outputs + row.outputs,
    leaked: sum.leaked + row.leaked,
    pairs: sum.pairs + row.pairs,
    bits: sum.bits + row.bits,
  }),
  { outputs: 0, leaked: 0, pairs: 0, bits: 0 },
);
const table = markdownTable(
  ['channel', 'outputs', 'leaked outputs', 'oracle probe pairs', 'oracle bits'],
  [
    ...rows.map((row) => [row.channel, row.outputs, row.leaked, row.pairs, row.bits]),
    ['**all**', total.outputs, `**${total.leaked}**`, total.pairs, `**${total.bits}**`],
  ],
);
const own = await ownSource();
const ownNote = `Sightline's own source: ${own.withheld} of ${own.lines.toLocaleString('en')} lines withheld in ${own.files} files (${[...own.byRule].map(([what, count]) => `${what}: ${count}`).join('; ')}), ${own.refused} files refused whole; scanning them took ${(own.ms / 1000).toFixed(1)} s (single run, shared machine).`;
console.log(`${table}\n\n${ownNote}`);
await writeResults('leaks', {
  inputs: {
    repository: '@sightline/codebase/testing createHostileRepository()',
    secretsByContent: hostile.secrets.length,
    formats: [...new Set(hostile.secrets.map((secret) => secret.format))],
    refusedFiles: hostile.refused,
  },
  figures: {
    leakedOutputs: { value: total.leaked, unit: 'outputs', note: `of ${total.outputs}` },
    oracleBits: {
      value: total.bits,
      unit: 'pairs',
      note: `of ${total.pairs} right/wrong guess pairs`,
    },
    ...Object.fromEntries(
      rows.map((row) => [
        row.channel,
        {
          outputs: { value: row.outputs, unit: 'outputs' },
          leaked: { value: row.leaked, unit: 'outputs' },
          oracleBits: { value: row.bits, unit: 'pairs', note: `of ${row.pairs}` },
        },
      ]),
    ),
  },
});
await updateReadmeTable(
  'leaks',
  `${table}\n\nMeasured ${new Date().toISOString().slice(0, 10)} on the hostile repository of \`@sightline/codebase/testing\` (${hostile.secrets.length} secrets by content in ${new Set(hostile.secrets.map((secret) => secret.format)).size} formats, ${hostile.refused.length} files refused whole). Target: 0 leaked outputs and 0 oracle bits.\n\n${ownNote}`,
);
