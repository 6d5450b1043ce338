/**
 * The console end to end in headless Chromium, against a real service (SQLite in a temporary
 * folder, offline investigations over the fake repository): a report ingested through the API
 * appears in the inbox live, opens with the keyboard, shows its diagnosis with the right file and
 * lines, and a status change survives a reload. Every page (sign-in, inbox, group, settings, the
 * assistant open) at 1440 and 390 px: no horizontal page scroll, no serious or critical axe
 * violation, and a screenshot `<page>-<width>.png` in packages/console/.screenshots/ (git-ignored).
 */
import { chromiumAvailable } from '@sightline/example-dashboard/e2e';
import type { Diagnosis } from '@sightline/investigator';
import type { GroupDetail, InboxPageView } from '@sightline/service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe-check.js';
import { type ConsoleE2e, shoot, startConsoleE2e } from './console-e2e.js';
import { pageOverflow } from './page-fit.js';
import { CRASH } from './start-console-service.js';

const available = chromiumAvailable();
if (!available) {
  console.warn(
    'skipping the console end-to-end test: /usr/bin/chromium is absent (apt-get install -y chromium)',
  );
}

describe.skipIf(!available)('console in Chromium (end to end)', () => {
  let e2e: ConsoleE2e | undefined;
  let running: ConsoleE2e['running'] | undefined;
  let browser: ConsoleE2e['browser'] | undefined;

  beforeAll(async () => {
    e2e = await startConsoleE2e();
    ({ running, browser } = e2e);
  }, 120_000);

  afterAll(() => e2e?.close());

  it('asks for the token, then shows a report from ingest to diagnosis and keeps a status change', async () => {
    if (!running || !browser) throw new Error('setup failed');
    const { service } = running;
    const page = await browser.context.newPage();
    page.setDefaultTimeout(20_000);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    await page.goto(`${service.url}/`);
    await page.getByRole('heading', { name: 'Sightline console' }).waitFor();
    expect(await page.getByText('api-token').count()).toBeGreaterThan(0);

    await page.goto(service.consoleUrl);
    await page.getByRole('heading', { name: 'No reports yet' }).waitFor();
    expect(page.url()).not.toContain('token=');
    await page.getByText('live', { exact: true }).waitFor();

    await running.ingest([{ id: 'crash-1', text: CRASH }]);
    // Live update: the row appears without a reload.
    const row = page.locator('table.inbox tbody tr').first();
    await row.waitFor();
    expect(await row.textContent()).toContain(
      "Cannot read properties of undefined (reading 'price')",
    );
    await service.queue.drain({ timeoutMs: 60_000 });
    await row.locator('.investigation', { hasText: /^cause verified · / }).waitFor();
    expect(await row.textContent()).toContain('crash');
    expect(await row.textContent()).toContain('shop');
    // The row answers before the group is opened: culprit, root cause, trend.
    expect(await row.locator('.culprit').textContent()).toBe('cartTotal · src/cart/total.ts:6');
    expect((await row.locator('.row-cause').textContent())?.length).toBeGreaterThan(0);
    expect(await row.locator('svg.sparkline').getAttribute('aria-label')).toBe(
      '1 report in 14 days, 1 today',
    );
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, 'inbox');

    const inbox = await running.get<InboxPageView>('/api/groups');
    const id = inbox.groups[0]?.id ?? '';
    const detail = await running.get<GroupDetail>(`/api/groups/${id}`);
    const diagnosis = detail.diagnoses[0]?.diagnosis as Diagnosis;
    const cause = diagnosis.affectedFiles[0];
    expect(cause?.path).toBe('src/cart/total.ts');

    await page.keyboard.press('j');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: /^Diagnosis/ }).waitFor();
    expect(page.url()).toContain(`#/groups/${id}`);
    const [start, end] = cause?.lines ?? [0, 0];
    const where = start === end ? `${start}` : `${start}-${end}`;
    await page.getByText(`src/cart/total.ts:${where}`, { exact: true }).first().waitFor();
    // The cause's own quote (other affected files mark their own ranges).
    const marked = await page
      .locator('.affected-file')
      .first()
      .locator('.code-line[data-marked]')
      .evaluateAll((lines) => lines.map((line) => Number(line.getAttribute('data-line'))));
    expect(marked.length).toBeGreaterThan(0);
    expect(marked.every((line) => line >= start && line <= end)).toBe(true);
    // Shiki colored the quote.
    await page.locator('.affected-file .code-line span[style*="color"]').first().waitFor();
    // The trace is shown once; an in-app frame opens to its code with the frame's line marked.
    expect(await page.locator('.frames').count()).toBe(1);
    expect(
      await page
        .getByText(CRASH.split('\n')[1]?.trim() ?? '')
        .filter({ visible: true })
        .count(),
    ).toBe(0);
    await page.locator('.frames li.in-app summary').first().click();
    const frameCode = page.locator('.frames li.in-app .code');
    await frameCode.waitFor();
    expect(await frameCode.locator('.code-line').count()).toBeGreaterThan(5);
    expect(await frameCode.locator('.code-line[data-marked]').getAttribute('data-line')).toBe('6');
    // Confidence and grounding in words; suspects explained a sentence each.
    await page.getByText('Grounded in the code', { exact: true }).waitFor();
    expect(await page.locator('.suspects > li').count()).toBe(
      (detail.diagnoses[0]?.suspects as unknown[] | undefined)?.length,
    );
    expect(await page.locator('.suspects .why').first().textContent()).toContain(
      'Named in the stack trace',
    );
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, 'group');

    await page.getByLabel('Status').selectOption('resolved');
    await page.getByText('Status resolved.').waitFor();
    await page.reload();
    await page.getByRole('heading', { name: /^Diagnosis/ }).waitFor();
    expect(await page.getByLabel('Status').inputValue()).toBe('resolved');
    const stored = await running.get<GroupDetail>(`/api/groups/${id}`);
    expect(stored.group.status).toBe('resolved');

    await page.getByRole('button', { name: 'Assistant' }).click();
    await page.getByRole('heading', { name: 'No model configured' }).waitFor();
    await page.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('link', { name: 'Sources & settings' }).click();
    await page.getByRole('heading', { name: 'Investigations' }).waitFor();
    await page.getByText('none: investigations run offline', { exact: false }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, 'settings');
    expect(errors).toEqual([]);
    await page.close();
  }, 180_000);

  it('finds a group by the text of a report merged into it', async () => {
    if (!running || !browser) throw new Error('setup failed');
    const { service } = running;
    // Same crash, so the same group; only this report says how it happened.
    await running.ingest([
      { id: 'crash-2', text: `${CRASH}\n\nHappened right after applying the WINTERSALE coupon.` },
    ]);
    await service.queue.drain({ timeoutMs: 60_000 });
    const inbox = await running.get<InboxPageView>('/api/groups');
    expect(inbox.groups).toHaveLength(1);
    expect(inbox.groups[0]?.count).toBe(2);
    const page = await browser.context.newPage();
    page.setDefaultTimeout(20_000);
    await page.goto(service.consoleUrl);
    await page.locator('table.inbox tbody tr').first().waitFor();
    await page.keyboard.press('/');
    await page.keyboard.type('wintersale coup');
    await page.waitForURL(/q=wintersale/);
    await page.locator(`table.inbox tbody tr[data-group-id="${inbox.groups[0]?.id}"]`).waitFor();
    await page.getByRole('searchbox').fill('wintersale refund');
    await page.getByRole('heading', { name: 'No group matches these filters' }).waitFor();
    // "Save these filters as" comes after the filters it saves.
    expect(
      await page.evaluate(() => {
        const filters = document.querySelector('search.filters');
        const save = document.querySelector('.saved-views form');
        if (!filters || !save) return false;
        return (filters.compareDocumentPosition(save) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
      }),
    ).toBe(true);
    // A filter the inbox does not know, in a link: left out, said in words, not an API error.
    await page.goto(`${service.url}/#/?status=done&label=crash`);
    await page.getByText('is left out (status takes new, triaged,', { exact: false }).waitFor();
    await page.locator(`table.inbox tbody tr[data-group-id="${inbox.groups[0]?.id}"]`).waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await page.getByText('Invalid request').count()).toBe(0);
    await page.getByRole('link', { name: 'Remove it from the address' }).click();
    await page.waitForURL(/#\/\?label=crash$/);
    await page.close();
  }, 120_000);

  it('fits every page at 390 px without horizontal scroll; axe finds nothing serious at 1440 or 390', async () => {
    if (!running || !browser) throw new Error('setup failed');
    const { service } = running;
    // A title without a space to break at (a minified URL, a base64 string) must wrap, not widen:
    // 199 characters, the longest word a listed title keeps whole (a longer one is not shown).
    await running.ingest([{ id: 'unbroken', text: `${'A'.repeat(199)}\n\nIt fails.` }]);
    await running.service.queue.drain({ timeoutMs: 60_000 });
    const inbox = await running.get<InboxPageView>('/api/groups');
    const id = inbox.groups.find((group) => !group.title.startsWith('AAAA'))?.id;
    const unbroken = inbox.groups.find((group) => group.title.startsWith('AAAA'))?.id;
    if (!id || !unbroken) throw new Error('the first test ingests a group');
    const page = await browser.context.newPage();
    page.setDefaultTimeout(20_000);
    const pages: Array<{ name: string; open: () => Promise<void> }> = [
      {
        name: 'sign-in',
        open: async () => {
          await page.goto(`${service.url}/`);
          await page.evaluate(() => sessionStorage.clear());
          await page.reload();
          await page.getByRole('heading', { name: 'Sightline console' }).waitFor();
        },
      },
      {
        name: 'inbox',
        open: async () => {
          await page.goto(service.consoleUrl);
          await page.locator('table.inbox tbody tr').first().waitFor();
        },
      },
      {
        name: 'group',
        open: async () => {
          await page.goto(`${service.url}/#/groups/${id}`);
          await page.locator('.frames li.in-app summary').first().click();
          await page.locator('.frames li.in-app .code').waitFor();
        },
      },
      {
        name: 'group-unbroken-title',
        open: async () => {
          await page.goto(`${service.url}/#/groups/${unbroken}`);
          await page.getByRole('heading', { name: /^AAAA/ }).waitFor();
        },
      },
      {
        name: 'settings',
        open: async () => {
          await page.goto(`${service.url}/#/settings`);
          await page.getByRole('heading', { name: 'Investigations' }).waitFor();
        },
      },
      {
        name: 'assistant',
        open: async () => {
          await page.goto(`${service.url}/#/`);
          await page.getByRole('button', { name: 'Assistant' }).click();
          await page.getByRole('heading', { name: 'No model configured' }).waitFor();
        },
      },
    ];
    const overflows: string[] = [];
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      for (const { name, open } of pages) {
        await open();
        const overflow = await pageOverflow(page);
        if (overflow) overflows.push(`${name}: ${overflow}`);
        expect({ name, width, violations: await seriousViolations(page) }).toEqual({
          name,
          width,
          violations: [],
        });
        await shoot(page, `${name}-${width}`);
      }
    }
    expect(overflows).toEqual([]);
    await page.close();
  }, 180_000);
});
