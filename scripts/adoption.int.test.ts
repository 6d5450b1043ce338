/**
 * The install story of page context, tested as a front-end developer meets it: `@sightline/core`
 * and `@sightline/page-context` are packed (`npm run pack`) and installed into a fresh Vite +
 * React 19 + TypeScript app (scripts/__fixtures__/vite-react-app plus a package.json written here)
 * with npm and with pnpm 9; the app type-checks (`tsc`) and builds (`vite build`). The app uses a
 * generic component through `withPageContext` and `usePageAction` with the app's own zod schema:
 * one zod in the tree (a peer), so no TS2739; an unwrapped child whose hooks add to that node; and
 * a table whose rows register nodes of their own with a ref, inside `<tbody>`. Then the app runs
 * under its own Vite dev server in Chromium: the page has every node and tool, and after editing
 * each component's file (Fast Refresh) it still has them, with the edit and the React state kept;
 * then, in the chat panel (`@sightline/page-context/chat`, against the app's chat route with a
 * scripted model), an action with `confirm` waits for "Allow", the inspector's token count is
 * that of the page the request sent, and the inspector runs a tool by hand.
 * Skips when the npm registry is unreachable (and the browser part when Chromium is missing).
 */
import { cp, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { countTokens } from '@sightline/core';
import type { PageSnapshotJson } from '@sightline/page-context';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, launchChromium } from '../examples/dashboard/e2e/launch-chromium.js';
import { startDevServer } from './dev-server.js';
import { type PackedTarball, packAll } from './pack.js';
import { registryReachable, runIn } from './registry.js';

const FIXTURE = path.join(import.meta.dirname, '__fixtures__', 'vite-react-app');
const online = await registryReachable();
if (!online) console.warn('skipped: the npm registry is unreachable (npm ping failed)');

/** Versions of a fresh Vite React TypeScript app (as the workspace pins them). */
const APP_DEPENDENCIES = {
  '@ai-sdk/react': '^3.0.0',
  ai: '^6.0.0',
  react: '^19.2.0',
  'react-dom': '^19.2.0',
  zod: '^4.1.0',
};
const APP_DEV_DEPENDENCIES = {
  '@types/react': '^19.2.0',
  '@types/react-dom': '^19.2.0',
  '@vitejs/plugin-react': '^6.0.0',
  typescript: '~5.9.3',
  vite: '^8.0.0',
};

async function createApp(dir: string, tarballs: PackedTarball[], pnpm: boolean): Promise<void> {
  await cp(FIXTURE, dir, { recursive: true });
  const local = Object.fromEntries(tarballs.map(({ name, file }) => [name, `file:${file}`]));
  const manifest = {
    name: 'adoption-check',
    private: true,
    type: 'module',
    dependencies: { ...local, ...APP_DEPENDENCIES },
    devDependencies: APP_DEV_DEPENDENCIES,
    // pnpm resolves page-context's `@sightline/core@^0.1.0` from the registry, where Sightline is
    // not published: point it at the tarball (the README says so). npm reuses the app's copy.
    ...(pnpm ? { pnpm: { overrides: local } } : {}),
  };
  await writeFile(path.join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
}

/** The tree as `id(data): children`, tools sorted: what must survive a hot update. */
function outline(snapshot: PageSnapshotJson): unknown[] {
  const walk = (nodes: PageSnapshotJson['roots']): unknown[] =>
    nodes.map((node) => [node.id, node.data, walk(node.children)]);
  return walk(snapshot.roots);
}

/**
 * Replaces `from` with `to` in `file` as an editor's atomic save does: the new text is written to
 * a file beside it, then renamed over it, so the dev server never reads a half-written file. A
 * plain `writeFile` truncates the file, then writes it (two steps of the thread pool, each waiting
 * for the event loop); Vite's watcher reports the truncation at once and Vite waits at most 100 ms
 * for an empty file to fill (`readModifiedFile` in its dev server) before compiling what it read.
 * When the write comes later (a loaded machine), the module is compiled empty, Fast Refresh gives
 * up ("Could not Fast Refresh (export … removed)") and the page reloads: React state is lost and,
 * under load, the reload can outlast the wait for the edit. Seen with the workspace's Vite 8 on a
 * two-component app: a 300 ms gap between truncating and writing reloads the page, an atomic save
 * of the same edit is one hot update.
 */
async function replaceIn(file: string, from: string, to: string): Promise<void> {
  const text = await readFile(file, 'utf8');
  if (!text.includes(from)) throw new Error(`${file} has no ${from}`);
  const next = `${file}.${process.pid}.tmp`;
  await writeFile(next, text.replace(from, to));
  await rename(next, file);
}

/**
 * The chat panel: the scripted model calls `resolve`, which waits for the user's answer; after
 * "Allow" the row is resolved, the answer arrives, and the inspector shows the exact token count of
 * the page the last request sent (counted again here from what the server received); then a tool
 * run from the inspector changes the page.
 */
async function chatWithConfirmation(page: Page, url: string): Promise<void> {
  await page.getByRole('button', { name: 'Assistant' }).click();
  await page.getByLabel('Message', { exact: true }).fill('Resolve the first issue');
  await page.getByRole('button', { name: 'Send' }).click();
  await page.getByRole('button', { name: 'Allow' }).click({ timeout: 10_000 });
  await page.getByText('Resolved SL-1.').waitFor();
  const row = await page.evaluate(
    () => window.__sightline?.snapshot().roots.find((node) => node.id === 'issues')?.children[0],
  );
  expect(row?.data).toMatchObject({ resolved: true });
  await page.getByRole('tab', { name: 'Inspector' }).click();
  const shown = Number(await page.locator('output[aria-label="Tokens sent"]').textContent());
  const received = (await (await fetch(new URL('api/received', url))).json()) as string[];
  expect(received).toHaveLength(2); // the message, then the tool result
  expect(shown).toBe(countTokens(received.at(-1) ?? ''));
  expect(await page.locator('[data-page-context-sent]').textContent()).toBe(received.at(-1));
  // The inspector runs a tool by hand: it clears the filter set through `filter` earlier.
  await page.getByLabel('Tool', { exact: true }).selectOption('clear_filter');
  await page.getByRole('button', { name: 'Run' }).click();
  await page.waitForFunction(() =>
    JSON.stringify(window.__sightline?.snapshot()).includes('"filter":"none"'),
  );
  expect(await page.getByRole('status', { name: 'Tool result' }).textContent()).toBe('{"ok":true}');
}

/** Runs the installed app under its dev server in Chromium and edits its files (Fast Refresh). */
async function checkUnderDevServer(app: string): Promise<void> {
  if (!chromiumAvailable()) {
    console.warn('skipped the browser part: no /usr/bin/chromium (apt-get install -y chromium)');
    return;
  }
  const server = await startDevServer(app);
  const browser = await launchChromium();
  try {
    const page = await browser.context.newPage();
    await page.goto(server.url);
    await page.waitForFunction(() => (window.__sightline?.snapshot().nodeCount ?? 0) >= 4);
    const read = () =>
      page.evaluate(() => {
        const hook = window.__sightline;
        if (!hook) throw new Error('no window.__sightline');
        return { snapshot: hook.snapshot(), tools: hook.read().toolNames.sort() };
      });
    // The unwrapped child's facts and action join the toolbar; rows are nodes of their own.
    await page.evaluate(() =>
      window.__sightline?.callTool('filter', { column: 'level', value: 'fatal' }),
    );
    // The action sets React state: its facts change on the next render, not when the call returns.
    await page.waitForFunction(() =>
      JSON.stringify(window.__sightline?.snapshot()).includes('level = fatal'),
    );
    const before = await read();
    expect(outline(before.snapshot)).toEqual([
      ['toolbar', { rows: 2, columns: ['id', 'level'], edition: 1, filter: 'level = fatal' }, []],
      [
        'issues',
        { title: 'Issues', shown: 2 },
        [
          ['issue-SL-1', { title: 'Crash on launch', level: 'fatal', resolved: false }, []],
          ['issue-SL-2', { title: 'Slow search', level: 'error', resolved: false }, []],
        ],
      ],
    ]);
    expect(before.tools).toEqual([
      'clear_filter',
      'expand_node',
      'filter',
      'issue-SL-2__resolve',
      'resolve',
    ]);
    expect(await page.locator('tbody > tr[data-page-context-node]').count()).toBe(2);
    // Fast Refresh: edit the wrapped component's file, then the hook-only one's.
    await replaceIn(path.join(app, 'src', 'toolbar.tsx'), 'edition: 1', 'edition: 2');
    await page.waitForFunction(() =>
      JSON.stringify(window.__sightline?.snapshot()).includes('"edition":2'),
    );
    await replaceIn(path.join(app, 'src', 'issue-table.tsx'), "title: 'Issues'", "title: 'Inbox'");
    await page.waitForFunction(() =>
      JSON.stringify(window.__sightline?.snapshot()).includes('"title":"Inbox"'),
    );
    const after = await read();
    const expected = structuredClone(outline(before.snapshot)) as [
      string,
      Record<string, unknown>,
    ][];
    (expected[0] as [string, Record<string, unknown>])[1].edition = 2;
    (expected[1] as [string, Record<string, unknown>])[1].title = 'Inbox';
    expect(outline(after.snapshot)).toEqual(expected);
    expect(after.tools).toEqual(before.tools);
    const logs: string[] = [];
    page.on('console', (message) => logs.push(message.text()));
    page.on('pageerror', (error) => logs.push(String(error)));
    try {
      await chatWithConfirmation(page, server.url);
    } catch (error) {
      // What the page showed and logged says more than a locator timeout.
      console.error(
        `The chat panel failed; the page showed:\n${await page.locator('body').textContent()}\nand logged:\n${logs.join('\n')}`,
      );
      throw error;
    }
  } finally {
    await browser.close();
    await server.close();
  }
}

describe.skipIf(!online)('page context in a fresh Vite + React app', () => {
  let work: string;
  let tarballs: PackedTarball[];
  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'sightline-adoption-'));
    tarballs = await packAll({
      outDir: path.join(work, 'tarballs'),
      only: ['@sightline/core', '@sightline/page-context'],
    });
  }, 300_000);
  afterAll(async () => {
    await rm(work, { recursive: true, force: true });
  });

  it('installs with npm, type-checks and builds, with one zod in the tree', async () => {
    const app = path.join(work, 'npm-app');
    await createApp(app, tarballs, false);
    await runIn('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund'], app);
    const zods = await runIn('npm', ['ls', 'zod', '--all', '--parseable'], app);
    expect(new Set(zods.trim().split('\n')).size).toBe(1);
    await runIn(path.join(app, 'node_modules', '.bin', 'tsc'), ['-p', '.'], app);
    await runIn(path.join(app, 'node_modules', '.bin', 'vite'), ['build'], app);
    expect((await readdir(path.join(app, 'dist', 'assets'))).some((f) => f.endsWith('.js'))).toBe(
      true,
    );
    await checkUnderDevServer(app);
  }, 600_000);

  it('installs with pnpm 9, type-checks and builds, with one zod in the tree', async () => {
    const app = path.join(work, 'pnpm-app');
    await createApp(app, tarballs, true);
    await runIn('npx', ['--yes', 'pnpm@9', 'install', '--prefer-offline'], app);
    const store = await readdir(path.join(app, 'node_modules', '.pnpm'));
    expect(store.filter((entry) => entry.startsWith('zod@'))).toHaveLength(1);
    await runIn(path.join(app, 'node_modules', '.bin', 'tsc'), ['-p', '.'], app);
    await runIn(path.join(app, 'node_modules', '.bin', 'vite'), ['build'], app);
    expect((await readdir(path.join(app, 'dist', 'assets'))).some((f) => f.endsWith('.js'))).toBe(
      true,
    );
    await checkUnderDevServer(app);
  }, 600_000);
});
