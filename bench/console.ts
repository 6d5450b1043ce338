/**
 * `npm run bench:console`: the console's first load (#30). A real `sightline serve` (SQLite,
 * offline investigations over the fake repository) seeded with 200 groups
 * (bench/lib/console-pages.ts), and an assistant model (a scripted `MockLanguageModelV3`: the
 * assistant panel mounts, nothing is asked of it). Each run starts a new Chromium with a new
 * profile (a cold browser cache) and opens the console link (`#token=…`), then measures:
 * - first rows: ms from navigation start to the animation frame after the first inbox row entered
 *   the DOM (the frame it is painted in); target < 1,500 ms. A MutationObserver added before the
 *   page's scripts sees the row and a `requestAnimationFrame` callback takes the time; Node reads
 *   it by polling. (Playwright's `waitForFunction` polling would put its injected script, about
 *   100 ms of main-thread work, into the load being measured.)
 * - JavaScript fetched before the first rows (requested before them: the first load's own) and
 *   in the second after (what loads once the browser is idle: the page reader, the assistant's
 *   actions and zod), bytes as served and gzip -6 of them;
 * - whether the tokenizer chunk (gpt-tokenizer o200k_base) is fetched before the assistant opens
 *   (it should not be), and after it opens (it should be);
 * - where the time goes (Navigation and Resource Timing, and the console's User Timing marks
 *   `sightline:entry`, `sightline:mount` and `sightline:render`): the document received, the
 *   entry script running, the last first-load script received, the console's modules evaluated,
 *   the inbox's `GET /api/groups` sent and answered, React's first render started (once the
 *   answer is in, or 400 ms after the modules) — ms from navigation start, medians.
 * Baseline in the same run: `GET /api/groups?limit=200` from Node (the inbox's data alone).
 */
import { gzipSync } from 'node:zlib';
import { chromiumAvailable, launchChromium } from '@sightline/example-dashboard/e2e';
import { MockLanguageModelV3 } from 'ai/test';
import type { Page } from 'playwright-core';
import { INBOX_GROUPS, startConsoleBench } from './lib/console-pages.js';
import { markdownTable, msFigure, updateReadmeTable, writeResults } from './lib/results.js';
import { median } from './lib/stats.js';

const RUNS = 7;
const TARGET_MS = 1_500;
const TOKENIZER = /o200k_base/;

if (!chromiumAvailable()) {
  console.error('bench:console needs /usr/bin/chromium: apt-get install -y chromium');
  process.exit(2);
}

/** Moments of a cold load, ms from navigation start (NaN: did not happen). */
interface Phases {
  document: number;
  entry: number;
  scripts: number;
  mount: number;
  inboxSent: number;
  inboxAnswered: number;
  render: number;
}

/** Names of {@link Phases} in the README's words. */
const PHASE_WORDS: Record<keyof Phases, string> = {
  document: 'document received',
  entry: 'entry script runs',
  scripts: 'last script of the first rows received',
  mount: 'console modules evaluated',
  inboxSent: 'inbox request sent',
  inboxAnswered: 'inbox answer received',
  render: 'first render starts',
};

/** A script fetched: its URL, bytes as served, gzip -6 bytes, and whether it was requested before the first rows. */
interface Script {
  url: string;
  bytes: number;
  gzipBytes: number;
  beforeRows: boolean;
}

/** One cold load. */
interface Load {
  firstRowsMs: number;
  phases: Phases;
  scripts: Script[];
  tokenizerBeforeAssistant: boolean;
  tokenizerAfterAssistant: boolean;
}

const bench = await startConsoleBench({
  chatModel: new MockLanguageModelV3({
    doGenerate: async () => {
      throw new Error('the console bench asks the assistant nothing');
    },
  }),
});

/** The first rows' time the page recorded, polled every 50 ms for up to 120 s. */
async function firstRowsOf(tab: Page): Promise<number> {
  for (let waited = 0; waited < 120_000; waited += 50) {
    const ms = await tab.evaluate(() => (window as { __firstRowsMs?: number }).__firstRowsMs);
    if (ms !== undefined) return ms;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const text = await tab.evaluate(() => (document.body.textContent ?? '').slice(0, 500));
  throw new Error(`no inbox rows after 120 s; the page shows: ${text}`);
}

async function coldLoad(): Promise<Load> {
  const browser = await launchChromium();
  try {
    const tab = await browser.context.newPage();
    tab.setDefaultTimeout(60_000);
    const scripts: Omit<Script, 'beforeRows'>[] = [];
    const fetched: string[] = [];
    // Bodies are read as they arrive; a script still being read when the browser closes (after
    // the first-load figures were taken) is not counted, and its failed read is not an error.
    const reads: Promise<void>[] = [];
    tab.on('response', (response) => {
      fetched.push(response.url());
      if (response.request().resourceType() !== 'script') return;
      reads.push(
        response.body().then(
          (body) => {
            scripts.push({
              url: response.url(),
              bytes: body.length,
              gzipBytes: gzipSync(body).length,
            });
          },
          () => undefined,
        ),
      );
    });
    await tab.addInitScript(() => {
      const seen = new MutationObserver(() => {
        if (document.querySelector('table.inbox tbody tr') === null) return;
        seen.disconnect();
        requestAnimationFrame(() => {
          (window as { __firstRowsMs?: number }).__firstRowsMs = performance.now();
        });
      });
      seen.observe(document, { childList: true, subtree: true });
    });
    await tab.goto(`${bench.url}/#token=${encodeURIComponent(bench.token)}`, {
      waitUntil: 'commit',
    });
    const firstRowsMs = await firstRowsOf(tab);
    // No named functions inside: tsx would wrap them in a helper the page does not have.
    const { phases, scriptsBeforeRows } = await tab.evaluate((rowsMs) => {
      const [navigation] = performance.getEntriesByType(
        'navigation',
      ) as PerformanceNavigationTiming[];
      const [entry] = performance.getEntriesByName('sightline:entry', 'mark');
      const [mount] = performance.getEntriesByName('sightline:mount', 'mark');
      const [render] = performance.getEntriesByName('sightline:render', 'mark');
      const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const inbox = resources.find((resource) => resource.name.includes('/api/groups?'));
      // Scripts requested before the first rows: the first load's own.
      const scripts = resources.filter(
        (resource) =>
          new URL(resource.name).pathname.endsWith('.js') && resource.startTime < rowsMs,
      );
      const phases: Phases = {
        document: navigation?.responseEnd ?? Number.NaN,
        entry: entry?.startTime ?? Number.NaN,
        scripts: Math.max(...scripts.map((resource) => resource.responseEnd)),
        mount: mount?.startTime ?? Number.NaN,
        inboxSent: inbox?.startTime ?? Number.NaN,
        inboxAnswered: inbox?.responseEnd ?? Number.NaN,
        render: render?.startTime ?? Number.NaN,
      };
      return { phases, scriptsBeforeRows: scripts.map((resource) => resource.name) };
    }, firstRowsMs);
    await tab.waitForTimeout(1_000);
    await Promise.all(reads);
    const tokenizerBeforeAssistant = fetched.some((url) => TOKENIZER.test(url));
    const firstLoadScripts = scripts.map((script) => ({
      ...script,
      beforeRows: scriptsBeforeRows.includes(script.url),
    }));
    await tab.getByRole('button', { name: 'Assistant' }).click();
    const tokenizerAfterAssistant = await tab
      .waitForResponse((response) => TOKENIZER.test(response.url()), { timeout: 20_000 })
      .then(() => true)
      .catch(() => fetched.some((url) => TOKENIZER.test(url)));
    return {
      firstRowsMs,
      phases,
      scripts: firstLoadScripts,
      tokenizerBeforeAssistant,
      tokenizerAfterAssistant,
    };
  } finally {
    await browser.close();
  }
}

const apiMs: number[] = [];
const loads: Load[] = [];
try {
  for (let run = 0; run < RUNS; run += 1) {
    const started = performance.now();
    const response = await fetch(`${bench.url}/api/groups?limit=${INBOX_GROUPS}`, {
      headers: { authorization: `Bearer ${bench.token}` },
    });
    await response.json();
    apiMs.push(performance.now() - started);
    loads.push(await coldLoad());
    console.error(`run ${run + 1}: first rows ${loads.at(-1)?.firstRowsMs.toFixed(0)} ms`);
  }
} finally {
  await bench.close();
}

const firstRows = median(loads.map((load) => load.firstRowsMs));
const api = median(apiMs);
/** Median over the loads of the scripts fetched before the first rows (`before`) or after. */
const js = (before: boolean) => {
  const of = (load: Load) => load.scripts.filter((script) => script.beforeRows === before);
  const sum = (key: 'bytes' | 'gzipBytes') =>
    median(loads.map((load) => of(load).reduce((total, script) => total + script[key], 0)));
  return {
    bytes: sum('bytes'),
    gzipBytes: sum('gzipBytes'),
    files: median(loads.map((load) => of(load).length)),
  };
};
const jsBefore = js(true);
const jsAfter = js(false);
const tokenizerBefore = loads.filter((load) => load.tokenizerBeforeAssistant).length;
const tokenizerAfter = loads.filter((load) => load.tokenizerAfterAssistant).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const phaseMedians = {} as Phases;
for (const name of Object.keys(PHASE_WORDS) as (keyof Phases)[]) {
  phaseMedians[name] = median(loads.map((load) => load.phases[name]));
}
const table = markdownTable(
  ['figure', `value (median of ${RUNS} cold loads)`, 'target'],
  [
    [
      'first inbox rows, from navigation start',
      `${Math.round(firstRows)} ms (min ${Math.round(Math.min(...loads.map((l) => l.firstRowsMs)))}, max ${Math.round(Math.max(...loads.map((l) => l.firstRowsMs)))})`,
      `< ${TARGET_MS} ms: ${firstRows < TARGET_MS ? 'met' : '**missed**'}`,
    ],
    [`baseline: GET /api/groups?limit=${INBOX_GROUPS} from Node`, `${Math.round(api)} ms`, '—'],
    ['first rows ÷ baseline', `${(firstRows / api).toFixed(1)}×`, '—'],
    [
      'where the time goes (ms from navigation start, medians)',
      (Object.keys(PHASE_WORDS) as (keyof Phases)[])
        .map((name) => `${PHASE_WORDS[name]} ${Math.round(phaseMedians[name])}`)
        .join(' · '),
      '—',
    ],
    [
      'JavaScript fetched before the first rows (as served / gzip -6)',
      `${kb(jsBefore.bytes)} / ${kb(jsBefore.gzipBytes)} in ${jsBefore.files} files`,
      '—',
    ],
    [
      'JavaScript fetched in the second after (once idle: page reader, assistant actions, zod)',
      `${kb(jsAfter.bytes)} / ${kb(jsAfter.gzipBytes)} in ${jsAfter.files} files`,
      '—',
    ],
    [
      'tokenizer fetched before the assistant opens',
      `${tokenizerBefore} of ${RUNS} loads`,
      `0: ${tokenizerBefore === 0 ? 'met' : '**missed**'}`,
    ],
    [
      'tokenizer fetched on opening the assistant (it loads with the first message or the Inspector tab)',
      `${tokenizerAfter} of ${RUNS} loads`,
      '—',
    ],
  ],
);
const { results } = await writeResults('console', {
  inputs: {
    runs: RUNS,
    groups: INBOX_GROUPS,
    targetMs: TARGET_MS,
    browser: 'Chromium (Debian package), new profile per run',
  },
  figures: {
    firstRows: {
      ...msFigure(firstRows),
      runs: RUNS,
      statistic: 'median',
      note: 'noisy: shared machine',
    },
    apiBaseline: { ...msFigure(api), runs: RUNS, statistic: 'median' },
    phases: Object.fromEntries(
      Object.entries(phaseMedians).map(([name, ms]) => [
        name,
        {
          ...msFigure(ms),
          runs: RUNS,
          statistic: 'median',
          note: PHASE_WORDS[name as keyof Phases],
        },
      ]),
    ),
    jsBytes: {
      value: jsBefore.bytes,
      unit: 'bytes',
      runs: RUNS,
      statistic: 'median',
      note: 'JavaScript fetched before the first rows',
    },
    jsGzipBytes: { value: jsBefore.gzipBytes, unit: 'bytes', runs: RUNS, statistic: 'median' },
    jsAfterBytes: {
      value: jsAfter.bytes,
      unit: 'bytes',
      runs: RUNS,
      statistic: 'median',
      note: 'JavaScript fetched in the second after the first rows',
    },
    tokenizerBeforeAssistant: { value: tokenizerBefore, unit: 'loads', runs: RUNS },
    tokenizerAfterAssistant: { value: tokenizerAfter, unit: 'loads', runs: RUNS },
  },
});
/** File names of the first load's scripts fetched before (or after) its first rows. */
function scriptNames(before: boolean): string {
  const names = loads[0]?.scripts
    .filter((script) => script.beforeRows === before)
    .map((script) => script.url.replace(/^.*\//, ''));
  return [...new Set(names)].join(', ') || 'none';
}
const note = [
  `Measured ${results.date.slice(0, 10)} on ${results.machine.cpu} (${results.machine.cores} cores), Node ${results.node},`,
  `1-minute load average ${results.machine.loadAverage}: wall times on a shared machine are inflated.`,
  `Scripts before the first rows: ${scriptNames(true)}; in the second after: ${scriptNames(false)}.`,
].join(' ');
await updateReadmeTable('console', `${table}\n\n${note}`);
process.stdout.write(`${table}\n\n${note}\n`);
