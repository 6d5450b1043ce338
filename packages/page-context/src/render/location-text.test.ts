import { describe, expect, it } from 'vitest';
import { locationText } from './location-text.js';

describe('locationText', () => {
  it('fills route placeholders, keeps other params, appends the query', () => {
    expect(locationText({ route: 'issues/:issueId', params: { issueId: 'SL-42' } })).toBe(
      'issues/SL-42',
    );
    expect(
      locationText({
        route: 'orgs/:org/dashboard',
        params: { org: 'acme', tab: 'overview' },
        query: { env: 'production', tag: ['a', 'b'] },
      }),
    ).toBe('orgs/acme/dashboard (tab=overview)?env=production&tag=a,b');
    expect(locationText({ route: 'issues/:issueId' })).toBe('issues/:issueId');
    expect(locationText({ route: 'search', query: { q: 'x\n# y' } })).toBe('search?q=x # y');
  });
});
