// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { queryKeys } from '../api/queries.js';
import type { SourceView } from '../api/types.js';
import { SettingsPage } from './settings-page.js';

afterEach(cleanup);

const source = (fields: Partial<SourceView>): SourceView => ({
  id: 'src-1',
  projectId: 'p1',
  kind: 'app-store',
  name: 'shop reviews',
  config: {},
  enabled: true,
  pollIntervalMs: 900_000,
  lastPollAt: null,
  nextPollAt: null,
  lastError: null,
  pollCount: 0,
  reportCount: 0,
  webhookPath: '/webhooks/src-1',
  ...fields,
});

/** The page over a cache holding these sources and budgets (nothing is fetched). */
function renderPage(sources: SourceView[], budgets = { exploreSteps: 12, deepDiveSteps: 6 }) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  client.setQueryData(queryKeys.sources, { sources });
  client.setQueryData(queryKeys.settings, {
    model: null,
    models: [],
    chat: false,
    database: 'sqlite',
    budgets,
  });
  client.setQueryData(queryKeys.status, {
    ok: true,
    database: 'sqlite',
    jobs: {},
    reports: { grouped: 1 },
  });
  client.setQueryData(['source-kinds'], { kinds: [] });
  render(
    <QueryClientProvider client={client}>
      <SettingsPage />
    </QueryClientProvider>,
  );
}

describe('the sources and settings page', () => {
  it('shows a poll interval as given, not rounded to minutes', () => {
    // Fresh-user trial: `--poll-interval 30` read "polled every 1 min".
    renderPage([
      source({ id: 'a', name: 'thirty', pollIntervalMs: 30_000 }),
      source({ id: 'b', name: 'ninety', pollIntervalMs: 90_000 }),
      source({ id: 'c', name: 'quarter', pollIntervalMs: 900_000 }),
      source({ id: 'd', name: 'slow', pollIntervalMs: 5_400_000 }),
    ]);
    expect(screen.getAllByText(/^polled every/).map((line) => line.textContent)).toEqual([
      'polled every 30 s, next poll never',
      'polled every 1 min 30 s, next poll never',
      'polled every 15 min, next poll never',
      'polled every 1 h 30 min, next poll never',
    ]);
  });

  it('shows the poll interval of every polled source, webhook kinds too', () => {
    // Fresh-user trial: a polled GitHub or Sentry source showed no interval (only kinds without
    // webhooks did), and an unpolled App Store source read "webhooks only".
    renderPage([
      source({ id: 'a', kind: 'github', name: 'issues', pollIntervalMs: 300_000 }),
      source({ id: 'b', kind: 'sentry', name: 'crashes', pollIntervalMs: 90_000 }),
      source({ id: 'c', kind: 'app-store', name: 'reviews', pollIntervalMs: 900_000 }),
      source({ id: 'd', kind: 'github', name: 'hooked', pollIntervalMs: null }),
      source({ id: 'e', kind: 'app-store', name: 'idle', pollIntervalMs: null }),
    ]);
    const stateOf = (id: string) =>
      [...document.querySelectorAll(`[data-source-id="${id}"] .source-state > span`)].map(
        (span) => span.textContent,
      )[2];
    expect(['a', 'b', 'c', 'd', 'e'].map(stateOf)).toEqual([
      'polled every 5 min, next poll never',
      'polled every 1 min 30 s, next poll never',
      'polled every 15 min, next poll never',
      'not polled',
      'not polled',
    ]);
    expect(screen.getAllByText(/^No webhook/).map((line) => line.textContent)).toEqual([
      'No webhook: its reports are polled.',
      'No webhook and no polling: reports arrive through the API.',
    ]);
  });

  it('counts one poll, one report and one step in the singular', () => {
    // Fresh-user trial: "1 reports".
    renderPage(
      [
        source({ id: 'a', name: 'one', pollCount: 1, reportCount: 1 }),
        source({ id: 'b', name: 'two', pollCount: 2, reportCount: 0 }),
      ],
      { exploreSteps: 1, deepDiveSteps: 2 },
    );
    expect(screen.getByText('1 poll, 1 report')).toBeTruthy();
    expect(screen.getByText('2 polls, 0 reports')).toBeTruthy();
    expect(screen.getByText('1 explore step, 2 deep-dive steps per investigation')).toBeTruthy();
  });
});
