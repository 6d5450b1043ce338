/**
 * Tag distributions of an issue's events, as error trackers collect them from the SDK (browser,
 * OS, device, release, URL, transaction, …): fifteen keys, each with its values and counts,
 * generated from the seeded stream.
 */
import { type Random, seededRandom } from './random.js';

/** A tag value with the number of events that carried it. */
export interface TagCount {
  value: string;
  count: number;
}

/** Values each generated tag key draws from (environment is computed from the event series). */
const TAG_VALUES = {
  browser: ['Chrome 131', 'Safari 18.1', 'Firefox 133', 'Edge 131', 'Samsung Internet 26'],
  os: ['Windows 11', 'macOS 15.1', 'iOS 18.1', 'Android 15', 'Ubuntu 24.04'],
  device: ['Desktop', 'iPhone 16', 'Pixel 9', 'Galaxy S24', 'iPad Air'],
  'device.family': ['Desktop', 'Mobile', 'Tablet'],
  url: ['/dashboards/:id', '/issues', '/checkout', '/settings/billing', '/search'],
  transaction: ['/dashboards/:id', '/issues/:issueId', '/checkout', '/settings/:tab', '/search'],
  handled: ['no', 'yes'],
  mechanism: ['onerror', 'onunhandledrejection', 'generic', 'instrument'],
  locale: ['en-US', 'de-DE', 'fr-FR', 'ja-JP', 'pt-BR'],
  country: ['US', 'DE', 'GB', 'FR', 'JP', 'BR'],
  'user.plan': ['team', 'business', 'free', 'enterprise'],
  'sdk.version': ['9.1.0', '9.0.1', '8.47.0'],
  'runtime.name': ['V8', 'JavaScriptCore', 'SpiderMonkey'],
} as const;

/** A generated tag key. */
export type GeneratedTagKey = keyof typeof TAG_VALUES;
/** Every tag key an issue shows: the generated ones plus `release` and `environment`. */
export type TagKey = GeneratedTagKey | 'release' | 'environment';

/**
 * Shares `total` out over `values` with random skewed weights.
 * @param random - the generator.
 * @param values - the values.
 * @param total - events to share out.
 * @returns the non-zero counts, most first.
 */
function distribute(random: Random, values: readonly string[], total: number): TagCount[] {
  const weights = values.map(() => random() ** 2);
  const sum = weights.reduce((a, b) => a + b, 0) || 1;
  return values
    .map((value, i) => ({ value, count: Math.round((total * (weights[i] ?? 0)) / sum) }))
    .filter((tag) => tag.count > 0)
    .sort((a, b) => b.count - a.count);
}

/**
 * @param seed - the seed.
 * @param total - events of the issue.
 * @param releases - releases the issue was seen in, first release first.
 * @returns distributions of every generated key plus `release`.
 */
export function generateTags(
  seed: number,
  total: number,
  releases: readonly string[],
): Record<GeneratedTagKey | 'release', TagCount[]> {
  const random = seededRandom(seed);
  const tags = Object.fromEntries(
    Object.entries(TAG_VALUES).map(([key, values]) => [key, distribute(random, values, total)]),
  ) as Record<GeneratedTagKey, TagCount[]>;
  return { ...tags, release: distribute(random, releases, total) };
}
