/**
 * The assistant end to end in headless Chromium: a scripted model behind the service's chat route
 * (the AI SDK's mock model, streamed) receives the group page's context with the message — the
 * group, its diagnosis and its suspects — and the page's actions as tools, calls `set_status`,
 * which runs in the page and visibly changes it; the result goes back and the model answers.
 */

import { rm } from 'node:fs/promises';
import { createScriptedModel } from '@sightline/core/testing';
import {
  chromiumAvailable,
  type LaunchedChromium,
  launchChromium,
} from '@sightline/example-dashboard/e2e';
import type { GroupDetail, InboxPageView } from '@sightline/service';
import { simulateStreamingMiddleware, wrapLanguageModel } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildConsole,
  type ConsoleService,
  CRASH,
  startConsoleService,
} from './start-console-service.js';

const available = chromiumAvailable();

describe.skipIf(!available)('assistant panel in Chromium (end to end)', () => {
  const scripted = createScriptedModel([
    { toolCalls: [{ toolName: 'set_status', input: { status: 'triaged' } }] },
    { text: 'Marked it triaged.' },
  ]);
  let consoleDir: string | undefined;
  let running: ConsoleService | undefined;
  let browser: LaunchedChromium | undefined;

  beforeAll(async () => {
    consoleDir = await buildConsole();
    running = await startConsoleService({
      consoleDir,
      chatModel: wrapLanguageModel({
        model: scripted.model,
        middleware: simulateStreamingMiddleware(),
      }),
    });
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await running?.close();
    if (consoleDir) await rm(consoleDir, { recursive: true, force: true });
  });

  it('sends the page context and runs the action the model calls', async () => {
    if (!running || !browser) throw new Error('setup failed');
    await running.ingest([{ id: 'crash-1', text: CRASH }]);
    await running.service.queue.drain({ timeoutMs: 60_000 });
    const inbox = await running.get<InboxPageView>('/api/groups');
    const id = inbox.groups[0]?.id ?? '';

    const page = await browser.context.newPage();
    page.setDefaultTimeout(20_000);
    await page.goto(running.service.consoleUrl);
    await page.getByRole('table', { name: 'Groups' }).waitFor();
    await page.evaluate((group) => {
      window.location.hash = `#/groups/${group}`;
    }, id);
    await page.getByRole('heading', { name: /^Diagnosis/ }).waitFor();
    expect(await page.getByLabel('Status').inputValue()).toBe('new');

    await page.getByRole('button', { name: 'Assistant' }).click();
    await page.getByLabel('Ask about this page').fill('Mark this one as triaged');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Marked it triaged.').waitFor();
    expect(await page.getByLabel('Status').inputValue()).toBe('triaged');
    const stored = await running.get<GroupDetail>(`/api/groups/${id}`);
    expect(stored.group.status).toBe('triaged');

    const first = scripted.calls[0];
    const system = JSON.stringify(first?.prompt[0]);
    expect(system).toContain('Sightline');
    expect(system).toContain('[group');
    expect(system).toContain('src/cart/total.ts');
    expect(system).toContain('[suspects]');
    expect(system).toContain('triage console');
    expect(first?.tools).toEqual(
      expect.arrayContaining([
        'set_status',
        'reinvestigate',
        'expand_node',
        'read_stored',
        'search_stored',
      ]),
    );
    // The tool result went back to the model with the next request.
    expect(JSON.stringify(scripted.calls[1]?.prompt)).toContain('"status":"triaged"');
    await page.close();
  }, 180_000);
});
