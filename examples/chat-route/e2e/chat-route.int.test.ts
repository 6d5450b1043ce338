/**
 * The example end to end in headless Chromium: a scripted model behind the example's chat route
 * receives the page's context (the task list) with the message and the page's actions as tools,
 * calls `add_task`, which runs in the page and adds a visible task; the tool result goes back to
 * the server with the next request and the model answers.
 */
import { createScriptedModel } from '@sightline/core/testing';
import {
  chromiumAvailable,
  type LaunchedChromium,
  launchChromium,
} from '@sightline/example-dashboard/e2e';
import { simulateStreamingMiddleware, wrapLanguageModel } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningExample, startExample } from '../server/serve.js';

describe.skipIf(!chromiumAvailable())('chat-route example in Chromium (end to end)', () => {
  const scripted = createScriptedModel([
    { toolCalls: [{ toolName: 'add_task', input: { title: 'Write the release notes' } }] },
    { text: 'Added "Write the release notes".' },
  ]);
  let running: RunningExample | undefined;
  let browser: LaunchedChromium | undefined;

  beforeAll(async () => {
    running = await startExample({
      model: wrapLanguageModel({
        model: scripted.model,
        middleware: simulateStreamingMiddleware(),
      }),
    });
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await running?.close();
  });

  it('sends the page context, runs the called action in the page, returns its result', async () => {
    if (!running || !browser) throw new Error('setup failed');
    const page = await browser.context.newPage();
    page.setDefaultTimeout(20_000);
    await page.goto(running.url);
    const tasks = page.getByRole('list', { name: 'Tasks' });
    await tasks.getByText('Fix the login redirect').waitFor();
    expect(await tasks.getByText('Write the release notes').count()).toBe(0);

    await page.getByLabel('Ask the assistant').fill('Add a task: write the release notes');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Added "Write the release notes".').waitFor();
    await tasks.getByText('Write the release notes').waitFor();

    const first = scripted.calls[0];
    const system = JSON.stringify(first?.prompt[0]);
    expect(system).toContain('task list');
    expect(system).toContain('Fix the login redirect');
    expect(first?.tools).toEqual(expect.arrayContaining(['add_task', 'complete_task']));
    // The result went back with the next request, and that request carried the changed page.
    const second = JSON.stringify(scripted.calls[1]?.prompt);
    expect(second).toContain('"added"');
    expect(JSON.stringify(scripted.calls[1]?.prompt[0])).toContain('Write the release notes');
    await page.close();
  }, 180_000);
});
