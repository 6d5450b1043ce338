/**
 * The app shell: navigation, the current page, the chat panel (`@sightline/page-context/chat`,
 * against the dev server's /api/chat), and the page-context provider that carries the location
 * (route, params, query) to the agent.
 */
import type { PageLocation } from '@sightline/page-context';
import { PageContextChat } from '@sightline/page-context/chat';
import { PageContextProvider, PageHook } from '@sightline/page-context/react';
import { useMemo } from 'react';
import { DEFAULT_FILTERS } from './data/filters.js';
import { DEFAULT_ISSUE_QUERY, ISSUE_SORTS, type IssueListQuery } from './data/issue-list.js';
import { findIssue } from './data/issues.js';
import { DashboardPage, filtersFromQuery } from './pages/dashboard-page.js';
import { IssueDetailPage } from './pages/issue-detail-page.js';
import { IssuesPage } from './pages/issues-page.js';
import { ReleasesPage } from './pages/releases-page.js';
import { type AppLocation, hrefFor, navigate, type Route, useAppLocation } from './router.js';

const NAV: { label: string; route: Exclude<Route, { name: 'not-found' | 'issue' }> }[] = [
  { label: 'Dashboard', route: { name: 'dashboard' } },
  { label: 'Issues', route: { name: 'issues' } },
  { label: 'Releases', route: { name: 'releases' } },
];

function issueQueryFrom(query: Readonly<Record<string, string>>): IssueListQuery {
  const sort = ISSUE_SORTS.find((s) => s === query.sort) ?? DEFAULT_ISSUE_QUERY.sort;
  const level = (['fatal', 'error', 'warning'] as const).find((l) => l === query.level) ?? 'all';
  return { text: query.q ?? '', level, sort, page: Number(query.page) || 1 };
}

function pageLocation({ route, query }: AppLocation): PageLocation {
  const params: Record<string, string> = route.name === 'issue' ? { issueId: route.issueId } : {};
  return { route: route.name === 'issue' ? 'issues/:issueId' : route.name, params, query };
}

function CurrentPage({ location }: { location: AppLocation }) {
  const { route, query } = location;
  switch (route.name) {
    case 'dashboard':
      return (
        <DashboardPage
          filters={filtersFromQuery(query, DEFAULT_FILTERS)}
          onFiltersChange={(f) =>
            navigate(hrefFor(route, { env: f.environment, range: f.timeRange }))
          }
        />
      );
    case 'issues':
      return (
        <IssuesPage
          query={issueQueryFrom(query)}
          onQueryChange={(q) =>
            navigate(
              hrefFor(route, {
                q: q.text,
                level: q.level === 'all' ? '' : q.level,
                sort: q.sort,
                page: q.page > 1 ? String(q.page) : '',
              }),
            )
          }
        />
      );
    case 'issue': {
      const issue = findIssue(route.issueId);
      return issue ? (
        <IssueDetailPage key={issue.id} issue={issue} />
      ) : (
        <NotFound what={`issue ${route.issueId}`} />
      );
    }
    case 'releases':
      return <ReleasesPage />;
    default:
      return <NotFound what={route.path} />;
  }
}

function NotFound({ what }: { what: string }) {
  return (
    <main className="page">
      <h1>Not found</h1>
      <p>Nothing at {what}.</p>
    </main>
  );
}

/** @returns the whole app. */
export function App() {
  const location = useAppLocation();
  const hash = hrefFor(
    location.route.name === 'not-found' ? { name: 'dashboard' } : location.route,
    location.query,
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: the hash identifies the location
  const context = useMemo(() => pageLocation(location), [hash]);
  return (
    <PageContextProvider location={context}>
      <PageHook />
      <div className="app">
        <header className="top-bar">
          <span className="brand">Acme Observability</span>
          <nav aria-label="Main">
            {NAV.map(({ label, route }) => (
              <a
                key={label}
                href={hrefFor(route)}
                aria-current={route.name === location.route.name ? 'page' : undefined}
              >
                {label}
              </a>
            ))}
          </nav>
        </header>
        <CurrentPage location={location} />
        <PageContextChat />
      </div>
    </PageContextProvider>
  );
}
