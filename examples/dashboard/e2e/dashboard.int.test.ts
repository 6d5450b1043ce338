/**
 * End to end in real Chromium: the dashboard's page context follows a filter changed by clicking,
 * and an action tool called as the agent would changes the page. Seer's action: a scripted model,
 * given the dashboard's page context and tools through the real AI SDK loop, turns "p95 latency by
 * endpoint over 7 days next to the error rate" into two configured widgets, corrects a rejected
 * call, changes one and removes the other.
 */
import { generateText, stepCountIs } from 'ai';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardMetrics } from '../src/data/dashboard-metrics.js';
import { TIME_RANGES } from '../src/data/filters.js';
import { ENDPOINTS } from '../src/data/widget-values.js';
import { chromiumAvailable, type LaunchedChromium, launchChromium } from './launch-chromium.js';
import { openPage } from './open-page.js';
import { pageTools } from './page-tools.js';
import {
  type ScriptAnswer,
  type ScriptPrompt,
  scriptedModel,
  toolOutputs,
} from './scripted-model.js';
import { type RunningApp, startApp } from './start-app.js';

const available = chromiumAvailable();
if (!available) {
  console.warn(
    'skipping the dashboard end-to-end test: /usr/bin/chromium is absent (apt-get install -y chromium)',
  );
}

const REQUEST = 'p95 latency by endpoint over 7 days next to the error rate';

/** Runs one user message through the AI SDK loop with the page's context and tools. */
async function send(
  page: Page,
  prompt: string,
  script: (p: ScriptPrompt, i: number) => ScriptAnswer,
) {
  const context = await page.evaluate(() => window.__sightline?.readTurn().markdown ?? '');
  const model = scriptedModel(script);
  await generateText({
    model,
    system: context,
    prompt,
    tools: await pageTools(page),
    stopWhen: stepCountIs(6),
  });
  return model;
}

const lastOutput = (prompt: ScriptPrompt) => toolOutputs(prompt).at(-1) as Record<string, unknown>;

describe.skipIf(!available)('dashboard in Chromium (end to end)', () => {
  let app: RunningApp | undefined;
  let browser: LaunchedChromium | undefined;

  beforeAll(async () => {
    app = await startApp({ mode: 'preview' });
    browser = await launchChromium();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('updates the snapshot after a click and applies an action tool to the page', async () => {
    if (!app || !browser) throw new Error('setup failed');
    const page = await openPage(browser.context, app.url, '#/');
    const read = () => page.evaluate(() => window.__sightline?.read() ?? null);

    const before = await read();
    expect(before?.markdown).toContain(TIME_RANGES['24h'].label);
    expect(before?.markdown).not.toContain(TIME_RANGES['7d'].label);

    await page.getByRole('button', { name: TIME_RANGES['7d'].label }).click();
    await page.waitForFunction(
      (label) => window.__sightline?.read().markdown.includes(label),
      TIME_RANGES['7d'].label,
    );
    const after = await read();
    expect(after?.version).toBeGreaterThan(before?.version ?? Number.POSITIVE_INFINITY);
    expect(after?.markdown).not.toContain(TIME_RANGES['24h'].label);

    const tool = after?.toolNames.find((name) => name.endsWith('set_environment'));
    expect(tool).toBeDefined();
    const result = await page.evaluate(
      ([name, input]) => window.__sightline?.callTool(name, input),
      [tool ?? '', { environment: 'staging' }] as const,
    );
    expect(result).toEqual({ environment: 'staging' });
    const expectedTop = dashboardMetrics({ environment: 'staging', timeRange: '7d' }).topIssues[0]
      ?.issue.title;
    await page.waitForFunction(() => document.querySelector('select')?.value === 'staging');
    expect(await page.locator('.table-widget tbody tr').first().locator('a').textContent()).toBe(
      expectedTop,
    );
    expect(await page.locator('.subtitle').textContent()).toContain('staging');

    const invalid = await page.evaluate(
      ([name]) => window.__sightline?.callTool(name, { environment: 'moon' }),
      [tool ?? ''] as const,
    );
    expect(invalid).toMatchObject({ error: { code: expect.any(String) } });
    await page.close();
  });

  it('draws the pages as painted in the ASCII grid: charts, sparklines, blank rows', async () => {
    if (!app || !browser) throw new Error('setup failed');
    const { context } = browser;
    const { url } = app;
    const ascii = async (hash: string) => {
      const page = await openPage(context, url, hash);
      const text = await page.evaluate(() => window.__sightline?.asciiSnapshot() ?? '');
      await page.close();
      return text.split('\n');
    };
    const dashboard = await ascii('#/');
    const title = dashboard.findIndex((line) => line.includes('Events over time'));
    const plot = dashboard.slice(title + 1, title + 16).join('\n');
    // The line chart: its legend swatch, sampled strokes, data points and area fill (the gap
    // between swatch and label is one or two cells, as the median glyph sizes them).
    expect(plot).toMatch(/█ {1,2}events/);
    expect(plot).toMatch(/[╱╲]/);
    expect(plot).toContain('●');
    expect(plot).toContain('░');
    // The release bars, and the vertical layout kept (blank rows between blocks).
    expect(dashboard.some((line) => /web@\S+ +█+/.test(line))).toBe(true);
    expect(dashboard.filter((line) => line === '').length).toBeGreaterThan(10);
    // One trend sparkline per issue row, 25 rows a page: the only graphics on that page.
    const issues = await ascii('#/issues');
    expect(issues.filter((line) => /[─╱╲░]/.test(line)).length).toBeGreaterThanOrEqual(25);
  });

  it('adds, changes and removes widgets from a description', async () => {
    if (!app || !browser) throw new Error('setup failed');
    const page = await openPage(browser.context, app.url, '#/');
    const model = await send(page, REQUEST, (prompt, step) => {
      if (step === 0) {
        // A wrong metric first: the tool answers with an error value the model reads and fixes.
        return {
          toolCalls: [
            { toolName: 'add_widget', input: { type: 'number', metric: 'error_percent' } },
          ],
        };
      }
      if (step === 1) {
        expect(lastOutput(prompt)).toMatchObject({ error: { code: 'INVALID_ARGUMENT' } });
        return {
          toolCalls: [
            {
              toolName: 'add_widget',
              input: { type: 'number', metric: 'error_rate', timeRange: '7d' },
            },
          ],
        };
      }
      if (step === 2) {
        const errorRate = lastOutput(prompt);
        return {
          toolCalls: [
            {
              toolName: 'add_widget',
              input: {
                type: 'line',
                metric: 'p95_latency',
                groupBy: 'endpoint',
                timeRange: '7d',
                after: errorRate.id,
              },
            },
          ],
        };
      }
      return { text: 'Added p95 latency by endpoint over 7 days next to the error rate.' };
    });

    const first = model.doGenerateCalls[0];
    expect(first?.prompt[0]).toMatchObject({
      role: 'system',
      content: expect.stringContaining('## [dashboard]: Frontend health'),
    });
    const offered = first?.tools?.find((t) => t.name === 'add_widget');
    expect(offered).toMatchObject({
      description: 'Add a widget to the dashboard',
      inputSchema: {
        properties: { metric: { enum: expect.arrayContaining(['p95_latency', 'error_rate']) } },
      },
    });
    expect(JSON.stringify(offered)).not.toContain('$schema');

    const widgets = page.locator('.configured-widget');
    await expect.poll(() => widgets.count()).toBe(2);
    expect(await widgets.nth(0).locator('h3').textContent()).toBe('error rate');
    expect(await widgets.nth(1).locator('h3').textContent()).toBe(
      'p95(transaction.duration) by endpoint',
    );
    expect(await widgets.nth(1).locator('.caption').textContent()).toContain('Last 7 days');
    expect(await widgets.nth(1).locator('tbody tr').count()).toBe(ENDPOINTS.length);
    // The added widgets sit together, after the built-in ones.
    const order = await page.locator('.grid .widget > h3').allTextContents();
    expect(order.slice(-2)).toEqual(['error rate', 'p95(transaction.duration) by endpoint']);
    expect(await page.locator('.subtitle').textContent()).toContain('10 widgets');

    const after = await page.evaluate(() => window.__sightline?.readTurn() ?? null);
    expect(after?.kind).toBe('delta');
    expect(after?.markdown).toContain(
      '+ widget: p95(transaction.duration) by endpoint [custom-2] in dashboard',
    );

    await send(
      page,
      'Group the latency by release instead, and drop the error rate',
      (prompt, step) => {
        if (step === 0) {
          return {
            toolCalls: [
              { toolName: 'update_widget', input: { id: 'custom-2', groupBy: 'release' } },
              { toolName: 'remove_widget', input: { id: 'custom-1' } },
            ],
          };
        }
        expect(toolOutputs(prompt)).toEqual([
          expect.objectContaining({
            id: 'custom-2',
            groupBy: 'release',
            title: 'p95(transaction.duration) by release',
          }),
          { removed: 'custom-1' },
        ]);
        return { text: 'Done.' };
      },
    );
    await expect.poll(() => widgets.count()).toBe(1);
    expect(await widgets.nth(0).locator('h3').textContent()).toBe(
      'p95(transaction.duration) by release',
    );
    const context = await page.evaluate(() => window.__sightline?.read().markdown ?? '');
    expect(context).toContain('## widget: p95(transaction.duration) by release [custom-2]');
    expect(context).toContain('widgets:9');

    const missing = await page.evaluate(() =>
      window.__sightline?.callTool('remove_widget', { id: 'custom-1' }),
    );
    expect(missing).toMatchObject({
      error: { code: 'TOOL_FAILED', message: expect.stringContaining('custom-2') },
    });
    await page.close();
  });
});
