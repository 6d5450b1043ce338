import { describe, expect, it } from 'vitest';
import { checkFilters } from './filter-check.js';

describe('filters from the address bar', () => {
  it('keeps the filters the service takes and says why the others are left out', () => {
    expect(
      checkFilters({ status: 'done', label: 'crash', q: 'x'.repeat(201), priority: 'none' }),
    ).toEqual({
      valid: { label: 'crash', priority: 'none' },
      rejected: [
        {
          name: 'status',
          value: 'done',
          reason: 'status takes new, triaged, reopened, regressed, resolved, ignored',
        },
        { name: 'q', value: 'x'.repeat(201), reason: 'search takes at most 200 characters' },
      ],
    });
    expect(checkFilters({ assignee: 'Ada', project: 'p1', sort: 'oldest' }).rejected).toEqual([]);
  });

  it('takes a release and a platform ("crashes from 2.13.0 on Android"), within the service\'s lengths', () => {
    expect(checkFilters({ label: 'crash', release: '2.13.0', platform: 'Android' })).toEqual({
      valid: { label: 'crash', release: '2.13.0', platform: 'Android' },
      rejected: [],
    });
    expect(checkFilters({ release: '9'.repeat(101) }).rejected).toEqual([
      { name: 'release', value: '9'.repeat(101), reason: 'release takes at most 100 characters' },
    ]);
  });
});
