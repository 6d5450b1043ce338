/**
 * Settings in headless Chromium, against a real service and a fake Sentry on 127.0.0.1: a source
 * added from the console (its secrets never shown again), tested (a working and a refused token),
 * its webhook URL and secret setup shown, one removed (its credentials file too), and the API
 * token rotated (the old one refused at once, the console going on with the new one). Screenshots
 * `sources-<width>.png`; no horizontal scroll at 390 px; axe finds nothing serious.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { chromiumAvailable } from '@sightline/example-dashboard/e2e';
import { type FakeProvider, startFakeProvider } from '@sightline/service/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConsoleE2e, checkBothWidths, startConsoleE2e } from './console-e2e.js';

const available = chromiumAvailable();

/** A source as `GET /api/sources` lists it (the fields this test reads). */
interface SourceView {
  id: string;
  name: string;
  kind: string;
  config: unknown;
}
const GOOD_TOKEN = 'sntrys-fake-good-token';

describe.skipIf(!available)('sources and the API token from the console (end to end)', () => {
  let e2e: ConsoleE2e | undefined;
  let running: ConsoleE2e['running'] | undefined;
  let browser: ConsoleE2e['browser'] | undefined;
  let sentry: FakeProvider | undefined;

  beforeAll(async () => {
    sentry = await startFakeProvider((request) =>
      request.headers.authorization === `Bearer ${GOOD_TOKEN}`
        ? { body: { id: '42', slug: 'shop' } }
        : { status: 401, body: { detail: 'Invalid token' } },
    );
    e2e = await startConsoleE2e();
    ({ running, browser } = e2e);
  }, 180_000);

  afterAll(async () => {
    await e2e?.close();
    await sentry?.close();
  });

  async function addSentry(page: Page, name: string, authToken: string) {
    if (!sentry) throw new Error('setup failed');
    await page.getByLabel('Kind').selectOption('sentry');
    await page.locator('input[name="name"]').fill(name);
    await page.locator('input[name="settings.organization"]').fill('acme');
    await page.locator('input[name="settings.project"]').fill('shop');
    await page.locator('input[name="settings.baseUrl"]').fill(sentry.url);
    await page.locator('input[name="secrets.authToken"]').fill(authToken);
    await page.locator('input[name="secrets.clientSecret"]').fill('fake-client-secret');
    await page.getByRole('button', { name: 'Add source' }).click();
    await page.getByRole('heading', { name: new RegExp(`^${name}`) }).waitFor();
  }

  it('adds, tests and removes sources, shows their webhook setup, and rotates the API token', async () => {
    if (!running || !browser || !sentry) throw new Error('setup failed');
    const { service } = running;
    const page = await browser.context.newPage();
    page.setDefaultTimeout(20_000);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(service.consoleUrl);
    await page
      .getByRole('navigation', { name: 'Console' })
      .getByRole('link', { name: 'Sources & settings' })
      .click();
    await page.getByRole('heading', { name: 'No source connected' }).waitFor();

    await addSentry(page, 'Shop Sentry', GOOD_TOKEN);
    await addSentry(page, 'Old Sentry', 'sntrys-revoked');
    const { sources } = await running.get<{ sources: SourceView[] }>('/api/sources');
    expect(sources.map((source) => [source.name, source.kind, source.config])).toEqual([
      ['Shop Sentry', 'sentry', expect.objectContaining({ organization: 'acme', project: 'shop' })],
      ['Old Sentry', 'sentry', expect.objectContaining({ organization: 'acme', project: 'shop' })],
    ]);
    expect(JSON.stringify(sources)).not.toContain(GOOD_TOKEN);
    const [shop, old] = sources;
    if (!shop || !old) throw new Error('two sources');

    // Webhook URL and where the secret goes, per source.
    const shopItem = page.locator(`li[data-source-id="${shop.id}"]`);
    await shopItem.getByText(`${service.url}/webhooks/${shop.id}`, { exact: true }).waitFor();
    await shopItem.getByText("Client Secret: give it as this source's clientSecret").waitFor();

    // Tested against the fake Sentry: one works, the revoked token is refused.
    await page.getByRole('button', { name: 'Test Shop Sentry' }).click();
    await shopItem.getByText('Works: Connected to acme/shop.').waitFor();
    const oldItem = page.locator(`li[data-source-id="${old.id}"]`);
    await page.getByRole('button', { name: 'Test Old Sentry' }).click();
    await oldItem.getByText(/^Failed: /).waitFor();
    // (The poller calls too: a new source is polled at once.)
    expect(new Set(sentry.requests.map((request) => request.headers.authorization))).toEqual(
      new Set([`Bearer ${GOOD_TOKEN}`, 'Bearer sntrys-revoked']),
    );

    expect(await checkBothWidths(page, 'sources')).toEqual([]);

    // Removed after a confirmation: gone from the list, its credentials file too.
    const credentialsFile = path.join(service.dataDir, 'credentials', `${old.id}.json`);
    expect(existsSync(credentialsFile)).toBe(true);
    await page.getByRole('button', { name: 'Remove Old Sentry', exact: true }).click();
    await page.getByRole('button', { name: 'Remove Old Sentry now' }).click();
    await oldItem.waitFor({ state: 'detached' });
    const left = await running.get<{ sources: SourceView[] }>('/api/sources');
    expect(left.sources.map((source) => source.name)).toEqual(['Shop Sentry']);
    expect(existsSync(credentialsFile)).toBe(false);

    // The API token rotated: the old one is refused, this tab goes on with the new one.
    const before = service.token;
    await page.getByRole('button', { name: 'Rotate token…' }).click();
    await page.getByRole('button', { name: 'Rotate now' }).click();
    const shown = await page.getByRole('textbox', { name: 'New API token' }).inputValue();
    expect(shown).not.toBe(before);
    expect(shown).toBe(service.token);
    const status = (token: string) =>
      fetch(`${service.url}/api/status`, { headers: { authorization: `Bearer ${token}` } });
    expect((await status(before)).status).toBe(401);
    expect((await status(shown)).status).toBe(200);
    await page
      .getByRole('navigation', { name: 'Console' })
      .getByRole('link', { name: 'Inbox' })
      .click();
    await page.getByRole('heading', { name: 'No reports yet' }).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  }, 180_000);
});
