import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_ISSUE_QUERY, ISSUES_PER_PAGE, issueRows, pageOf } from './issue-list.js';
import { ISSUES } from './issues.js';
import { BREADCRUMB_COUNT } from './latest-event.js';
import { FRAME_COUNT } from './stack-trace.js';

describe('generated issues', () => {
  it('fill more than one page of the list, 25 rows a page', () => {
    const rows = issueRows(DEFAULT_ISSUE_QUERY);
    expect(rows.length).toBeGreaterThan(ISSUES_PER_PAGE);
    const first = pageOf(rows, 1);
    expect({ ...first, rows: first.rows.length }).toEqual({
      rows: ISSUES_PER_PAGE,
      page: 1,
      pages: Math.ceil(rows.length / ISSUES_PER_PAGE),
      from: 1,
      to: ISSUES_PER_PAGE,
    });
    expect(pageOf(rows, 99).to).toBe(rows.length);
  });

  it('carry a realistic event: 15–30 frames, crash context, breadcrumbs, tags and contexts', () => {
    for (const issue of ISSUES) {
      expect(issue.frames.length).toBeGreaterThanOrEqual(FRAME_COUNT.min);
      expect(issue.frames.length).toBeLessThanOrEqual(FRAME_COUNT.max);
      const [crash] = issue.frames;
      expect(crash?.inApp).toBe(true);
      expect(crash?.context?.map((line) => line.line)).toEqual(
        [-3, -2, -1, 0, 1, 2, 3].map((offset) => (crash?.line ?? 0) + offset),
      );
      expect(issue.frames.some((frame) => !frame.inApp)).toBe(true);
      expect(issue.latestEvent.breadcrumbs).toHaveLength(BREADCRUMB_COUNT + 1);
      expect(issue.latestEvent.breadcrumbs.at(-1)).toMatchObject({
        category: 'exception',
        message: issue.title,
      });
      expect(Object.keys(issue.tags)).toHaveLength(14);
      expect(issue.latestEvent.contexts.map((context) => context.name)).toEqual([
        'browser',
        'os',
        'device',
        'runtime',
      ]);
    }
  });

  it('are generated deterministically, with unique ids', async () => {
    vi.resetModules();
    const again = await import('./issues.js');
    expect(again.ISSUES).not.toBe(ISSUES);
    expect(again.ISSUES).toEqual(ISSUES);
    expect(new Set(ISSUES.map((issue) => issue.id)).size).toBe(ISSUES.length);
  });
});
