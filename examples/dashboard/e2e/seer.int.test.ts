/**
 * Seer's action end to end in Chromium: a scripted model, given the dashboard's page context and
 * tools through the real AI SDK loop, turns "p95 latency by endpoint over 7 days next to the error
 * rate" into two configured widgets, corrects a rejected call, changes one and removes the other.
 */
import { generateText, stepCountIs } from 'ai';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    'skipping the Seer end-to-end test: /usr/bin/chromium is absent (apt-get install -y chromium)',
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

describe.skipIf(!available)('Seer builds the dashboard (Chromium, scripted model)', () => {
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
      content: expect.stringContaining('## dashboard: Frontend health [dashboard]'),
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
    expect(context).toContain('widgets: 9');

    const missing = await page.evaluate(() =>
      window.__sightline?.callTool('remove_widget', { id: 'custom-1' }),
    );
    expect(missing).toMatchObject({
      error: { code: 'TOOL_FAILED', message: expect.stringContaining('custom-2') },
    });
    await page.close();
  });
});
