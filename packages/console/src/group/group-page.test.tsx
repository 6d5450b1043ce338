import { parseReport } from '@sightline/intake';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client.js';
import { groupSummary } from '../api/groups.test-helper.js';
import { queryKeys } from '../api/queries.js';
import type { GroupDetail, ReportView } from '../api/types.js';
import { GroupPage } from './group-page.js';

/** A crash report as the API sends it, its only in-app frame in `fn` of `file`. */
function crash(id: string, receivedAt: string, fn: string, file: string): ReportView {
  const text = `TypeError: boom\n    at ${fn} (/srv/shop/${file}:6:25)`;
  return {
    id,
    sourceKind: 'files',
    sourceId: id,
    receivedAt,
    url: null,
    filename: null,
    stage: 'grouped',
    error: null,
    raw: text,
    parsed: parseReport(text) as ReportView['parsed'],
    classification: { label: 'crash', confidence: 1, method: 'offline', reasons: [] },
    meta: {},
  };
}

/** The group page, server-rendered from a cache already holding `detail`. */
function renderPage(detail: GroupDetail): string {
  const client = new QueryClient();
  client.setQueryData(queryKeys.group(detail.group.id), detail);
  client.setQueryData(queryKeys.projects, { projects: [] });
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <GroupPage id={detail.group.id} />
    </QueryClientProvider>,
  );
}

/** A crash group of two reports: the first (investigated) and a newer one with another trace. */
function twoTraces(): GroupDetail {
  const first = crash('r1', '2026-12-01T10:00:00.000Z', 'cartTotal', 'src/cart/total.ts');
  const newer = crash('r2', '2026-12-02T10:00:00.000Z', 'applyCoupon', 'src/cart/coupon.ts');
  return {
    group: groupSummary({
      count: 2,
      firstSeen: first.receivedAt,
      lastSeen: newer.receivedAt,
      updatedAt: newer.receivedAt,
    }),
    releases: [],
    reports: [newer, first],
    representative: first,
    diagnoses: [],
    merged: [],
  } as GroupDetail;
}

/** The stack trace panel's markup. */
function tracePanel(html: string): string {
  return html.match(/<section class="panel stack-trace".*?<\/section>/s)?.[0] ?? '';
}

describe('GroupPage', () => {
  it("shows the representative report's stack trace, not the newest report's", () => {
    const html = renderPage(twoTraces());
    const panel = tracePanel(html);
    expect(panel).toContain('cartTotal');
    expect(panel).not.toContain('applyCoupon');
    // Only the report whose trace the panel shows points there; the other shows its own.
    expect(html.match(/shown in the Stack trace panel/g)).toHaveLength(1);
    expect(html.replace(panel, '')).toContain('applyCoupon');
  });

  it('shows no trace panel when the representative report has none', () => {
    const detail = twoTraces();
    const issue = { ...crash('r3', detail.group.firstSeen, 'x', 'y.ts'), parsed: null };
    const html = renderPage({ ...detail, representative: issue });
    expect(tracePanel(html)).toBe('');
  });

  it("says there is no such group for an unknown id, not the API's wording", async () => {
    // Rendered once, from the cache: the answer already failed (no retry on mount).
    const client = new QueryClient({
      defaultOptions: { queries: { retry: false, retryOnMount: false } },
    });
    client.setQueryData(queryKeys.projects, { projects: [] });
    const raw = 'List the groups with GET /api/groups.';
    await client
      .fetchQuery({
        queryKey: queryKeys.group('4b1d'),
        queryFn: () =>
          Promise.reject(new ApiError(404, 'STORE_ENTRY_NOT_FOUND', `No group "4b1d". ${raw}`)),
      })
      .catch(() => undefined);
    const html = renderToStaticMarkup(
      <QueryClientProvider client={client}>
        <GroupPage id="4b1d" />
      </QueryClientProvider>,
    );
    expect(html).toContain('No such group');
    expect(html).toContain('href="#/"');
    expect(html).not.toContain(raw);
    expect(html).not.toContain('Could not load this');
  });
});
