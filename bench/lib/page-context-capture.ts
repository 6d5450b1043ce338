/**
 * Captures one declared page of the example app open in Chromium: every context format the
 * benchmark and the eval compare (semantic, text snapshot, ASCII grid, ARIA snapshot, HTML), the
 * registry snapshot, the tool definitions, and the second turn of a conversation after one change.
 */
import type { PageHookToolDefinition } from '@sightline/example-dashboard/e2e';
import { openPage } from '@sightline/example-dashboard/e2e';
import type { DeclaredPage } from '@sightline/example-dashboard/facts';
import type { PageSnapshotJson } from '@sightline/page-context';
import type { BrowserContext, Page } from 'playwright-core';

/** Context formats, in table order. */
export const FORMATS = ['semantic', 'text', 'ascii', 'aria', 'html'] as const;
/** One of {@link FORMATS}. */
export type Format = (typeof FORMATS)[number];
/** Table labels of the formats. */
export const FORMAT_LABELS: Record<Format, string> = {
  semantic: 'semantic',
  text: 'text snapshot',
  ascii: 'ASCII grid',
  aria: 'ARIA snapshot',
  html: 'HTML',
};

/** Everything captured from one page. */
export interface CapturedPage {
  renderings: Record<Format, string>;
  snapshot: PageSnapshotJson;
  tools: PageHookToolDefinition[];
  /** First and second turn of a conversation around the page's `secondTurn.change`; absent without one. */
  turns?: { first: { tokens: number }; second: { tokens: number; kind: string; markdown: string } };
}

/**
 * @param context - browser context.
 * @param url - the app's base URL.
 * @param page - the declared page; `ready`, when given, resolves once the page shows its data.
 * @returns its renderings, snapshot, tools and (for pages with a change) both turns.
 */
export async function capturePage(
  context: BrowserContext,
  url: string,
  page: Pick<DeclaredPage, 'name' | 'hash' | 'secondTurn'> & {
    ready?: (tab: Page) => Promise<void>;
  },
): Promise<CapturedPage> {
  const tab = await openPage(context, url, page.hash);
  try {
    await page.ready?.(tab);
    const inPage = await tab.evaluate(async () => {
      const hook = window.__sightline;
      if (!hook) throw new Error('window.__sightline is missing');
      return {
        semantic: hook.read().markdown,
        text: hook.textSnapshot(),
        ascii: hook.asciiSnapshot(),
        snapshot: hook.snapshot(),
        tools: await hook.toolDefinitions(),
      };
    });
    const { snapshot, tools, ...formats } = inPage;
    const renderings = {
      ...formats,
      aria: await tab.locator('body').ariaSnapshot(),
      html: await tab.content(),
    };
    const change = page.secondTurn?.change;
    if (!change) return { renderings, snapshot, tools };
    const first = await tab.evaluate(() => window.__sightline?.readTurn());
    await tab.evaluate(([name, input]) => window.__sightline?.callTool(name, input), [
      change.tool,
      change.input,
    ] as const);
    await tab.waitForFunction(
      (version) => (window.__sightline?.read().version ?? 0) > version,
      first?.version ?? 0,
    );
    // Let the change settle (the page re-renders in a few commits).
    await tab.waitForTimeout(300);
    const second = await tab.evaluate(() => window.__sightline?.readTurn());
    if (!first || !second) throw new Error('readTurn failed');
    return { renderings, snapshot, tools, turns: { first, second } };
  } finally {
    await tab.close();
  }
}
