/**
 * Hand-written error templates the sample issues are generated from: realistic front-end errors
 * (the kinds an observability product groups into issues), each with the in-app frame it throws in.
 */

/** Severity of an issue, as error trackers label them. */
export type Level = 'fatal' | 'error' | 'warning';

/** One error kind: its title, where it is thrown, and the source line shown in its stack trace. */
export interface IssueTemplate {
  title: string;
  level: Level;
  /** Function that throws. */
  fn: string;
  /** App file that throws, relative to the repository root. */
  file: string;
  /** The source line at the throwing frame. */
  code: string;
}

export const ISSUE_TEMPLATES: readonly [IssueTemplate, ...IssueTemplate[]] = [
  {
    title: "TypeError: Cannot read properties of undefined (reading 'id')",
    level: 'error',
    fn: 'renderInvoiceRow',
    file: 'src/billing/invoice-table.tsx',
    code: 'const key = invoice.customer.id;',
  },
  {
    title: 'ChunkLoadError: Loading chunk 412 failed.',
    level: 'error',
    fn: 'loadRoute',
    file: 'src/router/lazy-route.ts',
    code: "return import('../pages/' + name + '.tsx');",
  },
  {
    title: 'RangeError: Maximum call stack size exceeded',
    level: 'fatal',
    fn: 'flattenTree',
    file: 'src/reports/tree.ts',
    code: 'return node.children.flatMap(flattenTree);',
  },
  {
    title: 'Error: Request failed with status code 502',
    level: 'error',
    fn: 'fetchJson',
    file: 'src/api/client.ts',
    code: 'if (!res.ok) throw new HttpError(res.status);',
  },
  {
    title: "SyntaxError: Unexpected token '<' in JSON at position 0",
    level: 'error',
    fn: 'parseResponse',
    file: 'src/api/client.ts',
    code: 'return JSON.parse(await res.text());',
  },
  {
    title: 'TypeError: Failed to fetch',
    level: 'warning',
    fn: 'syncDrafts',
    file: 'src/editor/sync.ts',
    code: "await fetch('/api/drafts', { method: 'PUT', body });",
  },
  {
    title: 'ReferenceError: ResizeObserver is not defined',
    level: 'error',
    fn: 'observeSize',
    file: 'src/charts/use-size.ts',
    code: 'const observer = new ResizeObserver(onResize);',
  },
  {
    title: 'QuotaExceededError: The quota has been exceeded.',
    level: 'warning',
    fn: 'persistState',
    file: 'src/store/persist.ts',
    code: 'localStorage.setItem(KEY, JSON.stringify(state));',
  },
  {
    title: 'Error: Minified React error #418',
    level: 'error',
    fn: 'hydrateApp',
    file: 'src/main.tsx',
    code: 'hydrateRoot(container, <App />);',
  },
  {
    title: 'TypeError: items.map is not a function',
    level: 'error',
    fn: 'SearchResults',
    file: 'src/search/results.tsx',
    code: 'return items.map((item) => <Result key={item.id} {...item} />);',
  },
  {
    title:
      'NotAllowedError: play() failed because the user did not interact with the document first',
    level: 'warning',
    fn: 'playNotification',
    file: 'src/notifications/sound.ts',
    code: 'await audio.play();',
  },
  {
    title: 'TimeoutError: Payment confirmation timed out after 30000 ms',
    level: 'fatal',
    fn: 'confirmPayment',
    file: 'src/checkout/confirm.ts',
    code: 'await withTimeout(stripe.confirmCardPayment(secret), 30_000);',
  },
  {
    title: "TypeError: Cannot destructure property 'user' of 'session' as it is null.",
    level: 'error',
    fn: 'useCurrentUser',
    file: 'src/auth/use-current-user.ts',
    code: 'const { user } = session;',
  },
  {
    title: 'Error: ResizeObserver loop completed with undelivered notifications.',
    level: 'warning',
    fn: 'observeSize',
    file: 'src/charts/use-size.ts',
    code: 'setSize(entry.contentRect);',
  },
  {
    title: 'AbortError: The user aborted a request.',
    level: 'warning',
    fn: 'searchSuggestions',
    file: 'src/search/suggest.ts',
    code: 'const res = await fetch(url, { signal });',
  },
  {
    title: 'InvalidStateError: Failed to execute transaction on IDBDatabase',
    level: 'error',
    fn: 'openCache',
    file: 'src/store/offline-cache.ts',
    code: "const tx = db.transaction('events', 'readwrite');",
  },
  {
    title: "TypeError: undefined is not an object (evaluating 'window.analytics.track')",
    level: 'error',
    fn: 'trackEvent',
    file: 'src/analytics/track.ts',
    code: 'window.analytics.track(name, props);',
  },
  {
    title: 'Error: Invariant failed: dashboard layout has overlapping widgets',
    level: 'fatal',
    fn: 'placeWidgets',
    file: 'src/dashboards/layout.ts',
    code: "invariant(!overlaps(grid, widget), 'dashboard layout has overlapping widgets');",
  },
  {
    title: 'SecurityError: Blocked a frame with origin from accessing a cross-origin frame.',
    level: 'error',
    fn: 'readEmbedHeight',
    file: 'src/embeds/auto-height.ts',
    code: 'return frame.contentWindow.document.body.scrollHeight;',
  },
  {
    title: 'Error: WebSocket closed before the connection was established',
    level: 'warning',
    fn: 'connectLive',
    file: 'src/live/socket.ts',
    code: 'socket = new WebSocket(LIVE_URL);',
  },
  {
    title: 'TypeError: Assignment to constant variable.',
    level: 'error',
    fn: 'applyDiscount',
    file: 'src/checkout/discounts.ts',
    code: 'total = total - discount.amount;',
  },
  {
    title: 'Error: Unknown chart type "heatmap"',
    level: 'error',
    fn: 'chartFor',
    file: 'src/charts/registry.ts',
    code: "throw new Error('Unknown chart type: ' + type);",
  },
  {
    title: 'DOMException: Failed to read the clipboard',
    level: 'warning',
    fn: 'pasteQuery',
    file: 'src/search/paste.ts',
    code: 'const text = await navigator.clipboard.readText();',
  },
  {
    title: 'OutOfMemoryError: Array buffer allocation failed while exporting CSV',
    level: 'fatal',
    fn: 'exportCsv',
    file: 'src/reports/export.ts',
    code: 'const buffer = new ArrayBuffer(rows.length * ROW_BYTES);',
  },
];

/**
 * React's render loop and the scheduler, innermost first: the library frames below the app frames
 * of generated stack traces (names as in react-dom 19 and scheduler 0.25 production builds).
 */
export const LIBRARY_FRAMES: readonly { fn: string; file: string }[] = [
  ...[
    'renderWithHooks',
    'updateFunctionComponent',
    'beginWork',
    'performUnitOfWork',
    'workLoopSync',
    'renderRootSync',
    'performWorkOnRoot',
    'performWorkOnRootViaSchedulerTask',
  ].map((fn) => ({ fn, file: 'node_modules/react-dom/cjs/react-dom-client.production.js' })),
  ...['workLoop', 'flushWork', 'performWorkUntilDeadline'].map((fn) => ({
    fn,
    file: 'node_modules/scheduler/cjs/scheduler.production.js',
  })),
];

/** Native frames that appear between app frames (callbacks, promise jobs). */
export const NATIVE_GLUE: readonly [
  { fn: string; file: string },
  ...{ fn: string; file: string }[],
] = [
  { fn: 'Array.map', file: '[native code]' },
  { fn: 'Promise.then', file: '[native code]' },
  { fn: 'Array.forEach', file: '[native code]' },
];

/** Intermediate app frames (callers of the throwing function). */
export const APP_CALLERS: readonly [
  { fn: string; file: string },
  ...{ fn: string; file: string }[],
] = [
  { fn: 'DashboardPage', file: 'src/pages/dashboard.tsx' },
  { fn: 'useQuery', file: 'src/api/use-query.ts' },
  { fn: 'WidgetFrame', file: 'src/dashboards/widget-frame.tsx' },
  { fn: 'CheckoutForm', file: 'src/checkout/form.tsx' },
  { fn: 'loadInitialState', file: 'src/store/boot.ts' },
  { fn: 'handleSubmit', file: 'src/forms/use-form.ts' },
  { fn: 'App', file: 'src/app.tsx' },
];
