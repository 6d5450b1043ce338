/**
 * The console's shell: the query cache (a refused token leads back to sign-in), the page-context
 * registry (and `window.__sightline` for tests and benchmarks), the top bar (pages, live-update state, assistant), and the page of the current route.
 */
import { PAGE_CONTEXT_IGNORE_ATTRIBUTE } from '@sightline/page-context';
import { PageContextProvider } from '@sightline/page-context/react';
import { QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { ApiError } from './api/client.js';
import { useLiveUpdates } from './api/live-updates.js';
import { clearToken, readToken } from './api/token.js';
import { InboxPage } from './inbox/inbox-page.js';
import { type Route, useRoute } from './router.js';
import { SignIn } from './sign-in.js';
import { Loading } from './ui/states.js';
import { LoadNow, WhenIdle } from './ui/when-idle.js';

// The first load is the inbox: the group page (code views, diffs), the settings and the assistant
// (the chat panel, the AI SDK's UI) are chunks of their own, fetched when first shown.
const AssistantPanel = lazy(() =>
  import('./assistant/assistant-panel.js').then((module) => ({ default: module.AssistantPanel })),
);
const GroupPage = lazy(() =>
  import('./group/group-page.js').then((module) => ({ default: module.GroupPage })),
);
// `window.__sightline` for tests and benchmarks: the page reader it brings is not first-load work.
const PageHook = lazy(() => import('./page-hook.js'));
const SettingsPage = lazy(() =>
  import('./settings/settings-page.js').then((module) => ({ default: module.SettingsPage })),
);

const LIVE_LABELS = { connecting: 'connecting…', live: 'live', offline: 'offline, retrying' };

function TopBar({ route, onAssistant }: { route: Route; onAssistant: () => void }) {
  const live = useLiveUpdates();
  return (
    // The console's chrome says nothing about the page: left out of its description (the
    // assistant moves with `open_group` and `filter_inbox`).
    <nav className="top-bar" aria-label="Console" {...{ [PAGE_CONTEXT_IGNORE_ATTRIBUTE]: '' }}>
      <a className="brand" href="#/">
        Sightline
      </a>
      <a href="#/" aria-current={route.name !== 'settings' ? 'page' : undefined}>
        Inbox
      </a>
      <a href="#/settings" aria-current={route.name === 'settings' ? 'page' : undefined}>
        Sources &amp; settings
      </a>
      <span className={`live live-${live}`} role="status">
        {LIVE_LABELS[live]}
      </span>
      <button type="button" onClick={onAssistant}>
        Assistant
      </button>
    </nav>
  );
}

/** The route as page context shows it to the assistant. */
function pageLocation(route: Route) {
  // A group's id is in its node's details (`expand_node`); its actions need none: the heading
  // stays short.
  if (route.name === 'group') return { route: 'group' };
  if (route.name === 'settings') return { route: 'settings' };
  return { route: 'inbox', query: { ...route.filters } as Record<string, string> };
}

function Page({ route }: { route: Route }) {
  if (route.name === 'inbox') return <InboxPage filters={route.filters} />;
  return (
    <Suspense fallback={<Loading what="the page" />}>
      {route.name === 'group' ? <GroupPage key={route.id} id={route.id} /> : <SettingsPage />}
    </Suspense>
  );
}

/** The app. */
export function App() {
  const route = useRoute();
  const [signedIn, setSignedIn] = useState(() => readToken() !== null);
  const [refused, setRefused] = useState(false);
  const [assistant, setAssistant] = useState(false);
  const client = useMemo(
    () =>
      new QueryClient({
        queryCache: new QueryCache({
          onError: (error) => {
            if (error instanceof ApiError && error.status === 401) {
              clearToken();
              setRefused(true);
              setSignedIn(false);
            }
          },
        }),
        defaultOptions: {
          queries: {
            retry: (failures, error) =>
              !(error instanceof ApiError) || (error.status >= 500 && failures < 2),
            refetchOnWindowFocus: false,
          },
        },
      }),
    [],
  );
  if (!signedIn) {
    return (
      <SignIn
        refused={refused}
        onSignedIn={() => {
          client.clear();
          setSignedIn(true);
        }}
      />
    );
  }
  return (
    <QueryClientProvider client={client}>
      <PageContextProvider location={pageLocation(route)}>
        <LoadNow.Provider value={assistant}>
          <div className={assistant ? 'shell with-assistant' : 'shell'}>
            <TopBar route={route} onAssistant={() => setAssistant((open) => !open)} />
            <Page route={route} />
            {assistant ? (
              <Suspense fallback={<Loading what="the assistant" />}>
                <AssistantPanel onClose={() => setAssistant(false)} />
              </Suspense>
            ) : null}
          </div>
          <WhenIdle>
            <PageHook />
          </WhenIdle>
        </LoadNow.Provider>
      </PageContextProvider>
    </QueryClientProvider>
  );
}
