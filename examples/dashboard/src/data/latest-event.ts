/**
 * The latest event of an issue, as an error tracker shows it under the issue: its id, the
 * breadcrumbs recorded before the error (navigation, clicks, requests, console), and the contexts
 * the SDK attached (browser, OS, device, runtime). Generated from the seeded stream.
 */
import type { TagCount } from './issue-tags.js';
import { between, pick, type Random, seededRandom } from './random.js';

/** One breadcrumb, oldest first. */
export interface Breadcrumb {
  /** Epoch milliseconds. */
  time: number;
  category: 'navigation' | 'ui.click' | 'http' | 'console' | 'exception';
  level: 'info' | 'warning' | 'error';
  message: string;
}

/** A context: its name and key/value lines. */
export interface EventContext {
  name: 'browser' | 'os' | 'device' | 'runtime';
  values: Record<string, string>;
}

/** An issue's latest event. */
export interface LatestEvent {
  /** 32 hex digits, as error trackers show event ids. */
  id: string;
  time: number;
  breadcrumbs: Breadcrumb[];
  contexts: EventContext[];
}

/** Breadcrumbs recorded before the error (the error itself is one more). */
export const BREADCRUMB_COUNT = 19;

const SELECTORS = [
  'button.save',
  'a.nav-link[href="/issues"]',
  'div.widget > button.menu',
  'input#search',
  'li.row:nth-child(3)',
  'button[type=submit]',
];
const ENDPOINTS = [
  'GET /api/0/organizations/acme/issues/',
  'GET /api/0/projects/acme/web/stats/',
  'POST /api/0/events/',
  'GET /api/0/organizations/acme/dashboards/12/',
  'PUT /api/0/issues/bulk/',
];
const ROUTES = ['/dashboards/12', '/issues', '/checkout', '/settings/billing', '/search?q=timeout'];
const CONSOLE = [
  'Warning: Each child in a list should have a unique "key" prop.',
  'websocket reconnecting (attempt 2)',
  'feature flag "new-widgets" evaluated: on',
];
const RUNTIME_VERSION: Record<string, string> = {
  V8: '13.1',
  JavaScriptCore: '619.1',
  SpiderMonkey: '133.0',
};
const ARCHITECTURES = ['x86_64', 'arm64'];
const FAMILY: Record<string, string> = { Desktop: 'Desktop', 'iPad Air': 'Tablet' };

function breadcrumb(random: Random, time: number): Breadcrumb {
  const roll = random();
  if (roll < 0.2)
    return {
      time,
      category: 'navigation',
      level: 'info',
      message: pick(random, ROUTES as [string]),
    };
  if (roll < 0.55)
    return {
      time,
      category: 'ui.click',
      level: 'info',
      message: pick(random, SELECTORS as [string]),
    };
  if (roll < 0.9) {
    const failed = random() < 0.15;
    const status = failed ? pick(random, [502, 504, 429] as [number, ...number[]]) : 200;
    return {
      time,
      category: 'http',
      level: failed ? 'warning' : 'info',
      message: `${pick(random, ENDPOINTS as [string])} [${status}]`,
    };
  }
  return {
    time,
    category: 'console',
    level: 'warning',
    message: pick(random, CONSOLE as [string]),
  };
}

/** "Chrome 131" → name and version. */
function split(tag: TagCount | undefined): [string, string] {
  const value = tag?.value ?? 'unknown';
  const at = value.lastIndexOf(' ');
  return at === -1 ? [value, ''] : [value.slice(0, at), value.slice(at + 1)];
}

/**
 * @param seed - the seed.
 * @param time - epoch milliseconds of the event.
 * @param title - the error, the last breadcrumb.
 * @param tags - the tag distributions; the event carries their top values.
 * @returns the event with {@link BREADCRUMB_COUNT} + 1 breadcrumbs and four contexts.
 */
export function generateLatestEvent(
  seed: number,
  time: number,
  title: string,
  tags: Readonly<Record<'browser' | 'os' | 'device' | 'runtime.name', readonly TagCount[]>>,
): LatestEvent {
  const random = seededRandom(seed);
  const id = Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16)).join('');
  let at = time;
  const crumbs: Breadcrumb[] = [];
  for (let i = 0; i < BREADCRUMB_COUNT; i++) {
    at -= between(random, 1, 40) * 1000;
    crumbs.unshift(breadcrumb(random, at));
  }
  const [browser, browserVersion] = split(tags.browser[0]);
  const [os, osVersion] = split(tags.os[0]);
  const runtime = tags['runtime.name'][0]?.value ?? 'V8';
  const model = tags.device[0]?.value ?? 'Desktop';
  return {
    id,
    time,
    breadcrumbs: [...crumbs, { time, category: 'exception', level: 'error', message: title }],
    contexts: [
      { name: 'browser', values: { name: browser, version: browserVersion } },
      { name: 'os', values: { name: os, version: osVersion } },
      {
        name: 'device',
        values: {
          family: FAMILY[model] ?? 'Mobile',
          model,
          arch: pick(random, ARCHITECTURES as [string]),
        },
      },
      { name: 'runtime', values: { name: runtime, version: RUNTIME_VERSION[runtime] ?? '' } },
    ],
  };
}
