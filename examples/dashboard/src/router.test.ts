import { describe, expect, it } from 'vitest';
import { hrefFor, parseHash } from './router.js';

describe('parseHash', () => {
  it('parses every route with its query', () => {
    expect(
      [
        '',
        '#/',
        '#/?env=staging&range=7d',
        '#/issues?sort=users',
        '#/issues/WEB-1A0',
        '#/releases',
        '#/nope',
        '#/issues/a/b',
      ].map(parseHash),
    ).toEqual([
      { route: { name: 'dashboard' }, query: {} },
      { route: { name: 'dashboard' }, query: {} },
      { route: { name: 'dashboard' }, query: { env: 'staging', range: '7d' } },
      { route: { name: 'issues' }, query: { sort: 'users' } },
      { route: { name: 'issue', issueId: 'WEB-1A0' }, query: {} },
      { route: { name: 'releases' }, query: {} },
      { route: { name: 'not-found', path: '/nope' }, query: {} },
      { route: { name: 'not-found', path: '/issues/a/b' }, query: {} },
    ]);
  });
});

describe('hrefFor', () => {
  it('round-trips through parseHash and drops empty query values', () => {
    const href = hrefFor({ name: 'issue', issueId: 'WEB 1/2' }, { tab: 'tags', q: '' });
    expect(href).toBe('#/issues/WEB%201%2F2?tab=tags');
    expect(parseHash(href)).toEqual({
      route: { name: 'issue', issueId: 'WEB 1/2' },
      query: { tab: 'tags' },
    });
  });
});
