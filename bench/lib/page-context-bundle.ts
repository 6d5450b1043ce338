/**
 * What page context adds to an app's first load, measured as a user's bundler sees it: three
 * minimal apps are built with Vite (production mode, the packages' built `dist/`, as installed from
 * the tarballs) and the JavaScript loaded at startup — the entry chunk and every chunk it imports
 * statically — is gzipped (zlib, level 9, as a server would). Lazy chunks (dynamic imports: the
 * tokenizer's encoding, and the chat panel's reader) are measured apart. Apps:
 * - baseline: React 19 rendering a component, and a zod schema (zod is the app's own, a peer);
 * - page context: the same plus `<PageContextProvider>`, a `withPageContext` component with
 *   `usePageContext` and a zod-typed `usePageAction`, and the assistant's `usePageSnapshot`;
 * - eager tokenizer: page context with the o200k_base encoding imported statically, as the README
 *   told apps to before the tokenizer loaded lazily.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Rolldown } from 'vite';
import { BENCH_DIR } from './npm-pack.js';
import { markdownTable, updateReadmeTable, writeResults } from './results.js';

/** Gzipped bytes of one app's JavaScript. */
export interface AppBundle {
  /** Entry chunk and its static imports. */
  firstLoadGzipBytes: number;
  /** Dynamic-import chunks (loaded later, if ever). */
  lazyGzipBytes: number;
}

/** The apps' bundles. */
export interface BundleSizes {
  baseline: AppBundle;
  pageContext: AppBundle;
  eagerTokenizer: AppBundle;
  /** React + zod + `useChat` with its transport: what any AI SDK chat app loads. */
  chatBaseline: AppBundle;
  /** The chat baseline plus page context and its chat panel (the send path). */
  chatPanel: AppBundle;
}

const BASELINE = `
import { createElement as h } from 'react';
import { createRoot } from 'react-dom/client';
import { z } from 'zod';
export const input = z.object({ range: z.enum(['1h', '24h', '7d']) });
function Chart({ title }) { return h('p', null, title); }
createRoot(document.getElementById('root')).render(h(Chart, { title: input.parse({ range: '1h' }).range }));
`;

const PAGE_CONTEXT = `
import { createElement as h } from 'react';
import { createRoot } from 'react-dom/client';
import { z } from 'zod';
import { PageContextProvider, usePageAction, usePageContext, usePageSnapshot, withPageContext } from '@sightline/page-context/react';
__EXTRA__
export const input = z.object({ range: z.enum(['1h', '24h', '7d']) });
const Chart = withPageContext('chart', function Chart({ title }) {
  usePageContext({ title });
  usePageAction('set_range', { description: 'Change the range', input, handler: ({ range }) => range });
  return h('p', null, title);
});
function Assistant() {
  const read = usePageSnapshot();
  return h('button', { onClick: () => console.log(read({ budgetTokens: 500 }).markdown) }, 'Ask');
}
createRoot(document.getElementById('root')).render(
  h(PageContextProvider, null, h(Chart, { title: input.parse({ range: '1h' }).range }), h(Assistant)),
);
`;

const CHAT_BASELINE = `
import { createElement as h } from 'react';
import { createRoot } from 'react-dom/client';
import { z } from 'zod';
import { useChat } from '@ai-sdk/react';
import { DefaultChatTransport } from 'ai';
export const input = z.object({ range: z.enum(['1h', '24h', '7d']) });
const transport = new DefaultChatTransport({ api: '/api/chat' });
function Chat() {
  const { messages, sendMessage } = useChat({ transport });
  return h('button', { onClick: () => sendMessage({ text: input.parse({ range: '1h' }).range }) }, String(messages.length));
}
createRoot(document.getElementById('root')).render(h(Chat));
`;

const CHAT_PANEL = `
import { createElement as h } from 'react';
import { createRoot } from 'react-dom/client';
import { z } from 'zod';
import { PageContextProvider, usePageAction, usePageContext } from '@sightline/page-context/react';
import { PageContextChat } from '@sightline/page-context/chat';
export const input = z.object({ range: z.enum(['1h', '24h', '7d']) });
function Chart({ title }) {
  usePageContext({ title }, { type: 'chart' });
  usePageAction('set_range', { description: 'Change the range', input, handler: ({ range }) => range });
  return h('p', null, title);
}
createRoot(document.getElementById('root')).render(
  h(PageContextProvider, null, h(Chart, { title: input.parse({ range: '1h' }).range }), h(PageContextChat)),
);
`;

const EAGER = `import * as o200k from 'gpt-tokenizer/encoding/o200k_base';
import { registerEncoding } from '@sightline/page-context';
registerEncoding('o200k_base', o200k);`;

async function buildApp(dir: string, source: string): Promise<AppBundle> {
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  await writeFile(
    path.join(dir, 'index.html'),
    '<!doctype html><div id="root"></div><script type="module" src="./main.js"></script>\n',
  );
  await writeFile(path.join(dir, 'main.js'), source);
  const result = await build({
    root: dir,
    logLevel: 'silent',
    mode: 'production',
    build: { write: false, minify: true, sourcemap: false },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const chunks = new Map<string, Rolldown.OutputChunk>();
  for (const output of outputs) {
    for (const item of output.output) if (item.type === 'chunk') chunks.set(item.fileName, item);
  }
  const first = new Set<string>();
  const visit = (name: string) => {
    if (first.has(name)) return;
    first.add(name);
    for (const imported of chunks.get(name)?.imports ?? []) visit(imported);
  };
  for (const chunk of chunks.values()) if (chunk.isEntry) visit(chunk.fileName);
  const gzip = (chunk: Rolldown.OutputChunk) => gzipSync(chunk.code, { level: 9 }).length;
  let firstLoadGzipBytes = 0;
  let lazyGzipBytes = 0;
  for (const chunk of chunks.values()) {
    if (first.has(chunk.fileName)) firstLoadGzipBytes += gzip(chunk);
    else lazyGzipBytes += gzip(chunk);
  }
  return { firstLoadGzipBytes, lazyGzipBytes };
}

/**
 * Builds the three apps in a temporary folder inside bench/ (removed afterwards), where the
 * workspace's node_modules resolve their imports even when bench/.cache links to a cache outside
 * the repository.
 * @returns their gzipped first-load and lazy JavaScript, in bytes.
 * @throws Error when a build fails (for example an unbuilt package: run `npm run build`).
 */
export async function measureBundles(): Promise<BundleSizes> {
  const root = await mkdtemp(path.join(BENCH_DIR, '.page-context-bundle-'));
  try {
    return {
      baseline: await buildApp(path.join(root, 'baseline'), BASELINE),
      pageContext: await buildApp(
        path.join(root, 'page-context'),
        PAGE_CONTEXT.replace('__EXTRA__', ''),
      ),
      eagerTokenizer: await buildApp(
        path.join(root, 'eager-tokenizer'),
        PAGE_CONTEXT.replace('__EXTRA__', EAGER),
      ),
      chatBaseline: await buildApp(path.join(root, 'chat-baseline'), CHAT_BASELINE),
      chatPanel: await buildApp(path.join(root, 'chat-panel'), CHAT_PANEL),
    };
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

/** Target of issue 21: what page context adds to the first load, gzipped. */
export const FIRST_LOAD_TARGET_BYTES = 10 * 1024;

/** Target of issue 32: what the chat send path (page context and its chat panel) adds, gzipped. */
export const SEND_PATH_TARGET_BYTES = 15 * 1024;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * Measures the bundles, writes `bench/results/page-context-bundle.json` and the
 * `page-context-bundle` table of bench/README.md.
 * @returns the table, for the console.
 */
export async function benchBundles(): Promise<string> {
  const sizes = await measureBundles();
  const added = sizes.pageContext.firstLoadGzipBytes - sizes.baseline.firstLoadGzipBytes;
  const addedEager = sizes.eagerTokenizer.firstLoadGzipBytes - sizes.baseline.firstLoadGzipBytes;
  const addedSendPath = sizes.chatPanel.firstLoadGzipBytes - sizes.chatBaseline.firstLoadGzipBytes;
  const figure = (value: number, note: string) => ({ value, unit: 'bytes', note });
  await writeResults('page-context-bundle', {
    inputs: {
      vite: version('vite'),
      react: version('react'),
      zod: version('zod'),
      gzip: 'zlib level 9 of the minified production chunks',
      apps: 'bench/lib/page-context-bundle.ts (baseline: React + zod; page context: provider, withPageContext, usePageContext, usePageAction, usePageSnapshot; eager: plus a static o200k_base import)',
      targetFirstLoadAddedBytes: FIRST_LOAD_TARGET_BYTES,
      chatApps:
        'chat baseline: React + zod + useChat with DefaultChatTransport; chat panel: the same facts through PageContextProvider, usePageContext, usePageAction and PageContextChat',
      targetSendPathAddedBytes: SEND_PATH_TARGET_BYTES,
    },
    figures: {
      baselineFirstLoad: figure(sizes.baseline.firstLoadGzipBytes, 'React 19 + zod app'),
      pageContextFirstLoad: figure(sizes.pageContext.firstLoadGzipBytes, 'lazy tokenizer'),
      pageContextLazy: figure(
        sizes.pageContext.lazyGzipBytes,
        'tokenizer chunks, loaded on first read (o200k_base only unless the app imports another)',
      ),
      chatBaselineFirstLoad: figure(sizes.chatBaseline.firstLoadGzipBytes, 'useChat app'),
      chatPanelFirstLoad: figure(sizes.chatPanel.firstLoadGzipBytes, 'with the chat panel'),
      chatPanelLazy: figure(
        sizes.chatPanel.lazyGzipBytes,
        "the panel's reader chunk (chat-panel/page-request.ts) and the tokenizer chunk, fetched when the panel opens",
      ),
      addedSendPath: figure(addedSendPath, 'page context and its chat panel over a useChat app'),
      addedFirstLoad: figure(added, 'page context with the lazy tokenizer, over the baseline'),
      addedFirstLoadEagerTokenizer: figure(addedEager, 'with o200k_base imported statically'),
    },
  });
  const table = markdownTable(
    [
      'app',
      'first load (gzip)',
      'added to first load',
      'lazy chunks (gzip)',
      `target ≤ ${kb(FIRST_LOAD_TARGET_BYTES)} added`,
    ],
    [
      [
        'baseline (React 19 + zod)',
        kb(sizes.baseline.firstLoadGzipBytes),
        '—',
        kb(sizes.baseline.lazyGzipBytes),
        '',
      ],
      [
        'page context, lazy tokenizer',
        kb(sizes.pageContext.firstLoadGzipBytes),
        kb(added),
        kb(sizes.pageContext.lazyGzipBytes),
        added <= FIRST_LOAD_TARGET_BYTES ? 'met' : 'missed',
      ],
      [
        'page context, tokenizer imported at startup',
        kb(sizes.eagerTokenizer.firstLoadGzipBytes),
        kb(addedEager),
        kb(sizes.eagerTokenizer.lazyGzipBytes),
        addedEager <= FIRST_LOAD_TARGET_BYTES ? 'met' : 'missed',
      ],
      [
        'chat baseline (React 19 + zod + useChat)',
        kb(sizes.chatBaseline.firstLoadGzipBytes),
        '—',
        kb(sizes.chatBaseline.lazyGzipBytes),
        '',
      ],
      [
        `send path: page context + chat panel (target ≤ ${kb(SEND_PATH_TARGET_BYTES)} over the chat baseline)`,
        kb(sizes.chatPanel.firstLoadGzipBytes),
        kb(addedSendPath),
        kb(sizes.chatPanel.lazyGzipBytes),
        addedSendPath <= SEND_PATH_TARGET_BYTES ? 'met' : 'missed',
      ],
    ],
  );
  const note = `Vite ${version('vite')} production builds of five minimal apps (bench/lib/page-context-bundle.ts) against the packages' built dist/; first load = the entry chunk and its static imports, gzipped at level 9. Measured ${new Date().toISOString().slice(0, 10)}; sizes repeat across runs.`;
  await updateReadmeTable('page-context-bundle', `${table}\n\n${note}`);
  return table;
}

function version(name: string): string {
  return (createRequire(import.meta.url)(`${name}/package.json`) as { version: string }).version;
}
