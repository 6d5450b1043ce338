/**
 * What every console browser test sets up: a Vite build of the console, a real service serving
 * it, and a headless Chromium; and one check of a page at the two widths the issue names (1440 and
 * 390 px): no horizontal page scroll, no serious or critical axe violation, and a screenshot
 * `<name>-<width>.png` in packages/console/.screenshots/ (git-ignored).
 */
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { type LaunchedChromium, launchChromium } from '@sightline/example-dashboard/e2e';
import type { Page } from 'playwright-core';
import { seriousViolations } from './axe-check.js';
import { pageOverflow } from './page-fit.js';
import {
  buildConsole,
  CONSOLE_ROOT,
  type ConsoleService,
  type StartConsoleServiceOptions,
  startConsoleService,
} from './start-console-service.js';

/** Where screenshots go. */
export const SCREENSHOTS = path.join(CONSOLE_ROOT, '.screenshots');

/** A running console test setup. */
export interface ConsoleE2e {
  running: ConsoleService;
  browser: LaunchedChromium;
  close(): Promise<void>;
}

/** Builds the console, starts the service and the browser. */
export async function startConsoleE2e(
  options: Omit<StartConsoleServiceOptions, 'consoleDir'> = {},
): Promise<ConsoleE2e> {
  const consoleDir = await buildConsole();
  const running = await startConsoleService({ consoleDir, ...options });
  const browser = await launchChromium();
  await mkdir(SCREENSHOTS, { recursive: true });
  return {
    running,
    browser,
    async close() {
      await browser.close();
      await running.close();
      await rm(consoleDir, { recursive: true, force: true });
    },
  };
}

/** Writes `<name>.png` of the whole page. */
export async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/**
 * Checks the page as it is at 1440 × 900 and 390 × 844 and shoots `<name>-<width>.png` at each;
 * leaves it at 1440 × 900.
 * @returns what is wrong (overflow, axe violations) per width; empty when nothing.
 */
export async function checkBothWidths(page: Page, name: string): Promise<string[]> {
  const problems: string[] = [];
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    const overflow = await pageOverflow(page);
    if (overflow) problems.push(`${name}: ${overflow}`);
    for (const violation of await seriousViolations(page)) {
      problems.push(
        `${name} at ${width}: axe ${violation.id} (${violation.impact}) ${violation.targets.join(', ')}`,
      );
    }
    await shoot(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  return problems;
}
