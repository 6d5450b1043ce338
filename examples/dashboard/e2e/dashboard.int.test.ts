/**
 * End to end in real Chromium: the dashboard's page context follows a filter changed by clicking,
 * and an action tool called as the agent would changes the page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardMetrics } from '../src/data/dashboard-metrics.js';
import { TIME_RANGES } from '../src/data/filters.js';
import { chromiumAvailable, type LaunchedChromium, launchChromium } from './launch-chromium.js';
import { openPage } from './open-page.js';
import { type RunningApp, startApp } from './start-app.js';

const available = chromiumAvailable();
if (!available) {
  console.warn(
    'skipping the dashboard end-to-end test: /usr/bin/chromium is absent (apt-get install -y chromium)',
  );
}

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
    // The line chart: its legend swatch, sampled strokes, data points and area fill.
    expect(plot).toMatch(/█ events/);
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
});
