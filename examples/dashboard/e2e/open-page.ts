/** Opens one page of the running app and waits until it has mounted and installed its hook. */

import type {} from '@sightline/page-context/react';
import type { BrowserContext, Page } from 'playwright-core';

/**
 * @param context - the browser context (see `launchChromium`).
 * @param appUrl - the app's base URL (see `startApp`).
 * @param hash - the page's location hash, e.g. `#/issues`.
 * @returns a new tab showing the page, with `window.__sightline` ready.
 */
export async function openPage(
  context: BrowserContext,
  appUrl: string,
  hash: string,
): Promise<Page> {
  const page = await context.newPage();
  await page.goto(new URL(hash, appUrl).href);
  await page.waitForFunction(
    () => window.__sightline !== undefined && document.querySelector('main h1') !== null,
  );
  return page;
}
