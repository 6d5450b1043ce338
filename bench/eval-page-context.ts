/**
 * `npm run eval:page-context -- --model SPEC` — how well a model answers each declared question of
 * the example app's pages and performs each declared task, given the page in each context format
 * (semantic, text snapshot, ASCII grid, ARIA snapshot). The app is built and opened in headless
 * Chromium as for `bench:page-context`; every question and task is one model call (bench/lib/
 * page-context-eval.ts). Prints the scores per format and writes every outcome to
 * bench/.cache/eval-page-context/<model>.json (or `--out FILE`).
 *
 * SPEC is a model spec of `@sightline/core` (`anthropic:<model>`, `openai:<model>`,
 * `openai-compatible:<baseURL>#<model>`; keys from ANTHROPIC_API_KEY, OPENAI_API_KEY,
 * OPENAI_COMPATIBLE_API_KEY). Options: `--formats semantic,aria`, `--pages dashboard,issues`.
 * CI runs the harness with a scripted model only (bench/lib/page-context-eval.test.ts).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SightlineError } from '@sightline/core';
import { chromiumAvailable, launchChromium, startApp } from '@sightline/example-dashboard/e2e';
import { declaredPages } from '@sightline/example-dashboard/facts';
import { MODEL_SPEC_FORMS, resolveModel } from '@sightline/models';
import { failUsage, readCommandLine } from './lib/command-line.js';
import { BENCH_DIR } from './lib/npm-pack.js';
import { capturePage } from './lib/page-context-capture.js';
import {
  EVAL_FORMATS,
  type EvalFormat,
  type EvalPage,
  runPageContextEval,
} from './lib/page-context-eval.js';
import { markdownTable } from './lib/results.js';

const USAGE = `Usage: npm run eval:page-context -- --model SPEC [--formats ${EVAL_FORMATS.join(',')}] [--pages NAME,…] [--out FILE]
SPEC: ${MODEL_SPEC_FORMS}.`;

function fail(message: string): never {
  return failUsage(message, USAGE);
}

function listOption<T extends string>(
  value: string | undefined,
  allowed: readonly T[],
  name: string,
): T[] {
  if (value === undefined) return [...allowed];
  const items = value.split(',').map((item) => item.trim());
  const unknown = items.filter((item) => !allowed.includes(item as T));
  if (unknown.length > 0)
    fail(`Unknown ${name}: ${unknown.join(', ')} (choose from ${allowed.join(', ')}).`);
  return items as T[];
}

async function main(): Promise<void> {
  const { values } = readCommandLine(
    {
      options: {
        model: { type: 'string' },
        formats: { type: 'string' },
        pages: { type: 'string' },
        out: { type: 'string' },
      },
    },
    USAGE,
  );
  if (!values.model) fail('--model is required.');
  let resolved: ReturnType<typeof resolveModel>;
  try {
    resolved = resolveModel(values.model, { source: '--model' });
  } catch (error) {
    if (SightlineError.isInstance(error)) fail(error.message);
    throw error;
  }
  const formats = listOption<EvalFormat>(values.formats, EVAL_FORMATS, 'format');
  const declared = declaredPages();
  const names = listOption(
    values.pages,
    declared.map((p) => p.name),
    'page',
  );
  if (!chromiumAvailable())
    fail('eval:page-context needs /usr/bin/chromium: apt-get install -y chromium');

  const app = await startApp({ mode: 'preview' });
  const browser = await launchChromium();
  const pages: EvalPage[] = [];
  try {
    for (const page of declared.filter((p) => names.includes(p.name))) {
      const { renderings, tools } = await capturePage(browser.context, app.url, page);
      const { semantic, text, ascii, aria } = renderings;
      pages.push({ ...page, contexts: { semantic, text, ascii, aria }, tools });
    }
  } finally {
    await browser.close();
    await app.close();
  }
  const { outcomes, scores } = await runPageContextEval({
    model: resolved.model,
    pages,
    formats,
    onOutcome: (o) =>
      console.error(`${o.correct ? '✓' : '✗'} ${o.page} · ${o.format} · ${o.prompt}`),
  });
  const cell = ({ correct, total }: { correct: number; total: number }) =>
    total === 0 ? 'n/a' : `${correct}/${total} (${Math.round((100 * correct) / total)} %)`;
  console.log(
    markdownTable(
      ['format', 'exact answers', 'tool calls'],
      scores.map((s) => [s.format, cell(s.answers), cell(s.toolCalls)]),
    ),
  );
  const out =
    values.out ??
    path.join(
      BENCH_DIR,
      '.cache',
      'eval-page-context',
      `${values.model.replace(/[^\w.-]+/g, '_')}.json`,
    );
  await mkdir(path.dirname(out), { recursive: true });
  await writeFile(
    out,
    `${JSON.stringify({ model: values.model, date: new Date().toISOString(), scores, outcomes }, null, 2)}\n`,
  );
  console.error(`outcomes written to ${out}`);
}

await main();
