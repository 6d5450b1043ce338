/**
 * `npm run bench:crash-fingerprint`: does the crash fingerprint keep one crash printed by several
 * engines or runtime versions in one group, and distinct crashes apart? Every fingerprint
 * version (`crash:`, `crash2:` and `crash3:` legacy, `crash4:` current;
 * packages/service/src/pipeline/crash-signature.ts) on real stack traces:
 *
 * - The stack-trace fixtures of established parsers' test suites (../shared/data/peer-traces:
 *   Sentry's browser and Node parsers, error-stack-parser, stacktrace-parser). Several of them
 *   are one test program captured in several browsers (`PROGRAMS`, read from the fixtures' test
 *   names and frames: e.g. error-stack-parser's and TraceKit's "nested eval" page in Chrome,
 *   Firefox 43, Safari 9 and Edge); the same fixture text in two suites is one crash too; every
 *   other fixture is a crash of its own. The peers' excluded cases (obsolete Opera, documented
 *   quirks) are left out.
 * - The shared crash samples (../shared/data/crashes), 16 distinct crashes: none may merge.
 *
 * Every trace is given one exception header (`Error: probe`, replacing the engine's own), because
 * the engines word one error differently and Firefox and Safari print none; what is measured is
 * whether the frames key alike. Pairwise precision and recall (bench/lib/cluster-metrics.ts).
 * Results in bench/results/crash-fingerprint.json and the table in bench/README.md;
 * `BENCH_CRASH_FINGERPRINT_SHOW=1` prints each group made of traces of several known crashes.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseReport, type Report } from '@sightline/intake';
import { readPeerTraces } from '@sightline/intake/testing';
import { crashSignature, legacyCrashSignatures } from '@sightline/service/internal';
import { type Assignment, scoreClusters } from './lib/cluster-metrics.js';
import { BENCH_DIR } from './lib/npm-pack.js';
import {
  type Figures,
  fraction,
  markdownTable,
  updateReadmeTable,
  writeResults,
} from './lib/results.js';

const root = path.resolve(BENCH_DIR, '..');
const peerFile = path.resolve(root, '../shared/data/peer-traces/fixtures.json');
const crashDir = path.resolve(root, '../shared/data/crashes');

/**
 * Test programs captured in several browsers, by the peer tests' names (read in the fixtures:
 * the same functions, files and call order, the lines moved by the engine).
 */
const PROGRAMS: [string, RegExp][] = [
  ['nested eval (speak → eval → foo → baz)', /nested eval\(\) from|errors with eval URLs/],
  ['native code frames (foo → map → fooIterator)', /native code frames/],
  ['eval frames (test → callback → callAnotherThing → aha)', /eval frames in/],
  [
    'undefined property (bar → foo → anonymous)',
    /(?:Safari [78]|IE 1[01]|Opera 25) (?:error|Error\.stack|Error stacks)$/,
  ],
  ['eval error (bar → foo → eval code)', /(?:Safari 8|IE 11) eval error$/],
  [
    'dumpException3 (onclick → dumpException3 → anonymous)',
    /(?:Safari 6|Firefox 14) (?:error|Error\.stack)$/,
  ],
  ['V8 bar → bar → foo', /Chrome 15 error|parse V8 Error\.stack$/],
  ['printStackTrace in Firefox 3 and 7', /Firefox [37] error$/],
  ['Firefox 31 foo → bar', /Firefox 31 (?:error|Error\.stack)$/],
];

/** The trace with one exception header: the engine's own replaced, or added where it has none. */
function withProbeHeader(text: string): string {
  const lines = text.replace(/^\s*\n/, '').split('\n');
  const first = lines[0]?.trim() ?? '';
  const isHeader = /^(?:[A-Z]\w*(?:Error|Exception)|Error|error)\b(?!.*(?:@|\(http|\(file))/.test(
    first,
  );
  return ['Error: probe', ...(isHeader ? lines.slice(1) : lines)].join('\n');
}

interface Trace {
  name: string;
  set: 'peer fixtures' | 'shared crash samples';
  group: string;
  report: Report;
}

const traces: Trace[] = [];
for (const peer of readPeerTraces(peerFile)) {
  if (peer.excluded || !peer.text.trim()) continue;
  const program = PROGRAMS.find(([, pattern]) => pattern.test(peer.test))?.[0];
  traces.push({
    name: `${peer.suite} #${peer.id}`,
    set: 'peer fixtures',
    group: program ?? `text:${peer.text.trim()}`,
    report: parseReport(withProbeHeader(peer.text), {}),
  });
}
for (const file of readdirSync(crashDir)
  .filter((name) => name !== 'index.json')
  .sort()) {
  traces.push({
    name: file,
    set: 'shared crash samples',
    group: `file:${file}`,
    report: parseReport(readFileSync(path.join(crashDir, file), 'utf8'), { filename: file }),
  });
}

const VERSIONS = [
  ['crash: (legacy)', (report: Report) => legacyCrashSignatures(report).at(-1)],
  ['crash2: (legacy)', (report: Report) => legacyCrashSignatures(report).at(1)],
  ['crash3: (legacy)', (report: Report) => legacyCrashSignatures(report).at(0)],
  ['crash4: (current)', crashSignature],
] as const;
const SETS = ['peer fixtures', 'shared crash samples', 'all'] as const;

const rows: (string | number)[][] = [];
const figures: Figures = {};
const percent = (value: number | null) =>
  value === null ? 'n/a' : `${(value * 100).toFixed(1)} %`;
for (const set of SETS) {
  const chosen = traces.filter((trace) => set === 'all' || trace.set === set);
  for (const [version, signature] of VERSIONS) {
    const assignments: Assignment[] = chosen.map((trace) => ({
      group: trace.group,
      cluster: signature(trace.report) ?? `none:${trace.name}`,
    }));
    const scores = scoreClusters(assignments);
    rows.push([
      set,
      version,
      chosen.length,
      scores.groups,
      scores.clusters,
      `${scores.pairs.inGroup} / ${scores.pairs.inCluster} / ${scores.pairs.both}`,
      `**${percent(scores.pairwise.precision)}**`,
      `**${percent(scores.pairwise.recall)}**`,
    ]);
    figures[`${set} ${version}`] = {
      precision: fraction(scores.pairwise.precision ?? 0),
      recall: fraction(scores.pairwise.recall ?? 0),
    };
  }
}

// Which programs each version splits: the known pairs it misses, by program.
const missed = (signature: (report: Report) => string | undefined) =>
  PROGRAMS.map(([name]) => {
    const members = traces.filter((trace) => trace.group === name);
    const clusters = new Set(members.map((trace) => signature(trace.report)));
    return `${name}: ${members.length} traces in ${clusters.size} group${clusters.size === 1 ? '' : 's'}`;
  });
const notes = VERSIONS.map(
  ([version, signature]) => `- ${version}: ${missed(signature).join('; ')}.`,
);

const table = markdownTable(
  [
    'set',
    'fingerprint',
    'traces',
    'known crashes',
    'groups made',
    'pairs known / made / right',
    'pairwise precision',
    'pairwise recall',
  ],
  rows,
);
console.log(table);
console.log(notes.join('\n'));
await updateReadmeTable(
  'crash-fingerprint',
  `${table}\n\nPer program (one test program captured in several browsers):\n\n${notes.join('\n')}`,
);
const { file } = await writeResults('crash-fingerprint', {
  inputs: {
    peerFixtures: path.relative(root, peerFile),
    crashes: path.relative(root, crashDir),
    traces: traces.length,
  },
  figures,
});
console.log(`Results: ${path.relative(root, file)}`);
// BENCH_CRASH_FINGERPRINT_SHOW=1: the groups each version makes of traces of several known crashes.
if (process.env.BENCH_CRASH_FINGERPRINT_SHOW === '1') {
  for (const [version, signature] of VERSIONS) {
    const byCluster = new Map<string, Trace[]>();
    for (const trace of traces) {
      const cluster = signature(trace.report) ?? trace.name;
      byCluster.set(cluster, [...(byCluster.get(cluster) ?? []), trace]);
    }
    for (const members of byCluster.values()) {
      if (new Set(members.map((member) => member.group)).size < 2) continue;
      console.log(
        `${version} merged:\n  ${members.map((member) => `${member.name} [${member.group.slice(0, 50).replace(/\n/g, ' ')}]`).join('\n  ')}`,
      );
    }
  }
}
