/** The inbox: every group, newest activity first, filtered from the address bar. */
import { useCallback } from 'react';
import { useInbox, useProjects } from '../api/queries.js';
import { type InboxFilters as Filters, navigate } from '../router.js';
import { Empty, ErrorState, Loading } from '../ui/states.js';
import { InboxFilters } from './inbox-filters.js';
import { InboxTable } from './inbox-table.js';
import { useRowNavigation } from './use-row-navigation.js';

/** Groups fetched at once (the API's largest page). */
const PAGE_SIZE = 200;

/** The inbox page for `filters`. */
export function InboxPage({ filters }: { filters: Filters }) {
  const inbox = useInbox({ ...filters, limit: PAGE_SIZE } as Parameters<typeof useInbox>[0]);
  const projects = useProjects().data?.projects ?? [];
  const groups = inbox.data?.groups ?? [];
  const open = useCallback(
    (index: number) => {
      const group = groups[index];
      if (group) navigate({ name: 'group', id: group.id });
    },
    [groups],
  );
  const [selected, setSelected] = useRowNavigation(groups.length, open);
  const projectName = (id: string) => projects.find((project) => project.id === id)?.name ?? id;
  const filtered = Object.keys(filters).length > 0;
  return (
    <main className="page inbox-page">
      <header className="page-header">
        <h1>Inbox</h1>
        <p className="muted">
          {inbox.data
            ? `${inbox.data.total} group${inbox.data.total === 1 ? '' : 's'}${filtered ? ' match' : ''}`
            : ' '}
          <span className="keys">
            <kbd>j</kbd>/<kbd>k</kbd> move · <kbd>Enter</kbd> open · <kbd>/</kbd> search
          </span>
        </p>
      </header>
      <InboxFilters filters={filters} projects={projects} />
      {inbox.isPending ? (
        <Loading what="the inbox" />
      ) : inbox.isError ? (
        <ErrorState error={inbox.error} retry={() => void inbox.refetch()} />
      ) : groups.length === 0 ? (
        filtered ? (
          <Empty title="No group matches these filters">
            <p>
              Clear a filter, or <a href="#/">show every group</a>.
            </p>
          </Empty>
        ) : (
          <Empty title="No reports yet">
            <p>
              Send one: <code>sightline ingest --url {window.location.origin} crash.txt</code>, post
              to <code>/api/reports</code>, or connect a source in{' '}
              <a href="#/settings">Sources &amp; settings</a>. Groups appear here live.
            </p>
          </Empty>
        )
      ) : (
        <InboxTable
          groups={groups}
          total={inbox.data.total}
          filters={filters}
          projectName={projectName}
          selected={selected}
          onSelect={setSelected}
        />
      )}
    </main>
  );
}
