/**
 * Starts the system Chromium (Debian package, /usr/bin/chromium) headless through playwright-core,
 * with a fresh profile in a temporary directory, as shared/CONVENTIONS.md "Browser tests" says.
 * Nothing is downloaded (never `npx playwright install`).
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium } from 'playwright-core';

/** Where Debian's `chromium` package puts the browser. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Flags from shared/CONVENTIONS.md: headless, no sandbox (CI runs as root), no background traffic. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
] as const;

/** Viewport of every page: fixed, so the character grid and layout are the same on every run. */
export const VIEWPORT = { width: 1280, height: 800 } as const;

/** A running browser; `close` also deletes its profile directory. */
export interface LaunchedChromium {
  context: BrowserContext;
  close(): Promise<void>;
}

/**
 * @returns true when {@link CHROMIUM_PATH} exists (tests skip otherwise).
 */
export function chromiumAvailable(): boolean {
  return existsSync(CHROMIUM_PATH);
}

/**
 * Launches Chromium with a fresh `--user-data-dir` (Playwright's persistent context takes it as
 * its first argument; it refuses the flag in `args`).
 * @returns the browser context and a `close` that stops it and removes the profile.
 */
export async function launchChromium(): Promise<LaunchedChromium> {
  const userDataDir = await mkdtemp(path.join(os.tmpdir(), 'sightline-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_ARGS],
    viewport: VIEWPORT,
  });
  return {
    context,
    async close() {
      await context.close();
      await rm(userDataDir, { recursive: true, force: true });
    },
  };
}
