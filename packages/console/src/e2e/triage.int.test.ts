/**
 * Triage at the keyboard in headless Chromium, against a real service: check rows with `x` and
 * shift-click, set priority, status and assignee on them with keys, filter and save a view by
 * priority, step through groups with next/previous and come back to the same focused and checked
 * rows, see a row that arrived live highlighted with a count until it is seen, and merge two
 * groups by hand and unmerge them from the group page. Screenshots `triage-<width>.png`.
 */
import { chromiumAvailable } from '@sightline/example-dashboard/e2e';
import type { GroupDetail, InboxPageView, SavedView } from '@sightline/service';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe-check.js';
import { type ConsoleE2e, checkBothWidths, startConsoleE2e } from './console-e2e.js';
import { CRASH } from './start-console-service.js';

const available = chromiumAvailable();

/** Four problems, each its own group, oldest first (the inbox shows the newest first). */
const REPORTS = [
  { id: 'crash', text: CRASH },
  { id: 'coupon', text: 'Bug: applying a coupon code twice doubles the discount at checkout.' },
  { id: 'avatar', text: 'Bug: the profile avatar upload spins forever on large PNG images.' },
  { id: 'export', text: 'Bug: exporting orders to CSV drops every row after the hundredth.' },
].map((report, index) => ({ ...report, receivedAt: `2026-11-2${index}T10:00:00.000Z` }));

describe.skipIf(!available)('keyboard triage in Chromium (end to end)', () => {
  let e2e: ConsoleE2e | undefined;
  let running: ConsoleE2e['running'] | undefined;
  let browser: ConsoleE2e['browser'] | undefined;

  beforeAll(async () => {
    e2e = await startConsoleE2e();
    ({ running, browser } = e2e);
    await running.ingest(REPORTS);
    await running.service.queue.drain({ timeoutMs: 60_000 });
  }, 180_000);

  afterAll(() => e2e?.close());

  const rows = (page: Page) => page.locator('table.inbox tbody tr');
  const inbox = (query = '') => running?.get<InboxPageView>(`/api/groups${query}`);

  it('checks rows, sets priority, status and assignee by key, and keeps focus and checks across pages', async () => {
    if (!running || !browser) throw new Error('setup failed');
    const page = await browser.context.newPage();
    page.setDefaultTimeout(20_000);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(running.service.consoleUrl);
    await rows(page).nth(3).waitFor();
    const ids = (await inbox())?.groups.map((group) => group.id) ?? [];
    expect(ids).toHaveLength(4);

    // x checks the focused row; a shift-click checks the range from the last checked one.
    await page.keyboard.press('j');
    await page.keyboard.press('j');
    await page.keyboard.press('x');
    await rows(page)
      .nth(3)
      .locator('td.check input')
      .click({ modifiers: ['Shift'] });
    // The pointer leaves the rows (a hovered row takes the focus, as in Linear).
    await page.mouse.move(0, 0);
    await page.getByText('3 checked', { exact: true }).waitFor();
    await page.keyboard.press('1');
    await page.getByText('3 groups: priority urgent.').waitFor();
    const urgent = await inbox('?priority=urgent');
    expect(urgent?.groups.map((group) => group.id).sort()).toEqual(ids.slice(1).sort());
    // Waited for, not read at once: the row may render after the message (CI of 59aab046, under
    // load, read '—'; the rows only changed when the list was read again then).
    await rows(page)
      .nth(1)
      .locator('td.priority', { hasText: /^urgent$/ })
      .waitFor();

    // a: assign the checked rows; Esc unchecks; r resolves the focused row only.
    await page.keyboard.press('a');
    await page.keyboard.type('Ada');
    await page.keyboard.press('Enter');
    await page.getByText('3 groups: assigned to Ada.').waitFor();
    expect((await inbox('?assignee=Ada'))?.total).toBe(3);
    await page.keyboard.press('Escape');
    await page.getByText('1 focused', { exact: true }).waitFor();
    await page.keyboard.press('k');
    const focusedRow = page.locator('table.inbox tr[aria-selected="true"]');
    const resolved = (await focusedRow.getAttribute('data-group-id')) ?? '';
    await page.keyboard.press('r');
    await page.getByText('1 group: status resolved.').waitFor();
    const statuses = (await inbox())?.groups.map((group) => [group.id, group.status]) ?? [];
    expect(statuses.filter(([, status]) => status === 'resolved')).toEqual([
      [resolved, 'resolved'],
    ]);
    expect(statuses.filter(([, status]) => status === 'new')).toHaveLength(3);
    expect(await seriousViolations(page)).toEqual([]);

    // The filters by priority and assignee live in the address bar and a saved view keeps them.
    await page.locator('search.filters select[name="priority"]').selectOption('urgent');
    await page.waitForURL(/priority=urgent/);
    await page.locator('search.filters select[name="assignee"]').selectOption('Ada');
    await page.waitForURL(/assignee=Ada/);
    await page.getByText('3 groups match').waitFor();
    await page.getByLabel('Save these filters as').fill('Ada urgent');
    await page.getByRole('button', { name: 'Save view' }).click();
    await page.getByRole('link', { name: 'Ada urgent' }).waitFor();
    const views = await running.get<{ views: SavedView[] }>('/api/views');
    expect(views.views.find((view) => view.name === 'Ada urgent')?.filters).toEqual({
      priority: 'urgent',
      assignee: 'Ada',
    });

    // Next and previous step through this list; back comes to it with the same row focused and
    // the same rows checked.
    const listed = (await inbox('?priority=urgent&assignee=Ada'))?.groups.map((g) => g.id) ?? [];
    // (The Save view button keeps the focus, and Enter is a button's: `o` opens.)
    await page.keyboard.press('j');
    await page.keyboard.press('j');
    await page.keyboard.press('x');
    await page.keyboard.press('k');
    await page.keyboard.press('o');
    await page.waitForURL(new RegExp(`#/groups/${listed[1]}$`));
    await page.getByText('2 of 3').waitFor();
    await page.keyboard.press('j');
    await page.waitForURL(new RegExp(`#/groups/${listed[2]}$`));
    await page.getByText('3 of 3').waitFor();
    await page.getByRole('link', { name: /Previous/ }).click();
    await page.waitForURL(new RegExp(`#/groups/${listed[1]}$`));
    await page.getByText('2 of 3').waitFor();
    await page.keyboard.press('k');
    await page.waitForURL(new RegExp(`#/groups/${listed[0]}$`));
    await page.getByText('1 of 3').waitFor();
    await page.keyboard.press('u');
    await page.waitForURL(/priority=urgent/);
    await page.locator(`tr[data-group-id="${listed[0]}"][aria-selected="true"]`).waitFor();
    await page.locator(`tr[data-group-id="${listed[2]}"][data-checked]`).waitFor();
    expect(await page.locator('tr[data-checked]').count()).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  }, 180_000);

  it('highlights a row that arrives live, with a count, until it is seen', async () => {
    if (!running || !browser) throw new Error('setup failed');
    const page = await browser.context.newPage();
    page.setDefaultTimeout(20_000);
    await page.goto(running.service.consoleUrl);
    await rows(page).nth(3).waitFor();
    await page.getByText('live', { exact: true }).waitFor();
    expect(await page.locator('tr.unseen').count()).toBe(0);
    await running.ingest([
      { id: 'search', text: 'Bug: the search box ignores accented letters in product names.' },
    ]);
    const fresh = page.locator('tr.unseen');
    await fresh.waitFor();
    expect(await fresh.textContent()).toContain('search box ignores accented letters');
    await page.getByRole('button', { name: '1 new' }).click();
    await page.locator('tr.unseen').waitFor({ state: 'detached' });
    expect(await page.getByRole('button', { name: /new$/ }).count()).toBe(0);
    expect(await fresh.count()).toBe(0);
    await page.close();
  }, 120_000);

  it('merges two checked groups and unmerges them from the group page', async () => {
    if (!running || !browser) throw new Error('setup failed');
    await running.service.queue.drain({ timeoutMs: 60_000 });
    const before = (await inbox())?.groups ?? [];
    const [into, other] = before;
    if (!into || !other) throw new Error('the inbox has groups');
    const page = await browser.context.newPage();
    page.setDefaultTimeout(20_000);
    await page.goto(running.service.consoleUrl);
    await rows(page).nth(1).waitFor();
    await page.locator(`tr[data-group-id="${into.id}"] td.check input`).click();
    await page.locator(`tr[data-group-id="${other.id}"] td.check input`).click();
    await page.mouse.move(0, 0);
    await page.getByLabel('Merge into').selectOption(into.id);
    expect(await checkBothWidths(page, 'triage')).toEqual([]);
    await page.getByRole('button', { name: 'Merge 2 groups' }).click();
    await page.getByText(/^Merged 1 group into/).waitFor();
    await page.locator(`tr[data-group-id="${other.id}"]`).waitFor({ state: 'detached' });
    const merged = await running.get<GroupDetail & { merged: { id: string }[] }>(
      `/api/groups/${into.id}`,
    );
    expect(merged.group.count).toBe(into.count + other.count);
    expect(merged.merged.map((group) => group.id)).toEqual([other.id]);

    await page.goto(`${running.service.url}/#/groups/${into.id}`);
    await page.getByRole('heading', { name: 'Merged groups' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: /^Unmerge/ }).click();
    await page.getByRole('heading', { name: 'Merged groups' }).waitFor({ state: 'detached' });
    const after = await running.get<GroupDetail>(`/api/groups/${into.id}`);
    expect(after.group.count).toBe(into.count);
    expect((await inbox())?.total).toBe(before.length);
    await page.close();
  }, 120_000);
});
