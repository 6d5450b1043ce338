// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const page = new DOMParser().parseFromString(
  readFileSync(path.join(import.meta.dirname, '..', 'index.html'), 'utf8'),
  'text/html',
);

describe("the console's page", () => {
  it('carries its icon inline, so no load asks for /favicon.ico', () => {
    // Fresh-user trial: every page load logged GET /favicon.ico 404.
    const icon = page.querySelector<HTMLLinkElement>('link[rel="icon"]');
    const href = icon?.getAttribute('href') ?? '';
    // data: is what the service's Content-Security-Policy allows images from besides itself.
    expect(href.startsWith('data:image/svg+xml,')).toBe(true);
    const svg = new DOMParser().parseFromString(
      decodeURIComponent(href.slice('data:image/svg+xml,'.length)),
      'image/svg+xml',
    );
    expect(svg.documentElement.nodeName).toBe('svg');
    expect(svg.querySelector('parsererror')).toBeNull();
  });
});
