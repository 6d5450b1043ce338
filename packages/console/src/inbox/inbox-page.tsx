/**
 * The inbox: every group, filtered and sorted from the address bar, the saved views, and triage
 * at the keyboard — focus, check, set status, priority and assignee, merge (see `triage-keys.ts`).
 * The focused and checked rows and the rows that arrived live are kept across pages
 * (`triage-session.ts`).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { ApiError, type TriageChange } from '../api/client.js';
import { INBOX_PAGE_SIZE } from '../api/early-inbox.js';
import { useAssignees, useInbox, useProjects, useTriage, useUnmerge } from '../api/queries.js';
import { type InboxFilters as Filters, hrefFor, navigate } from '../router.js';
import { Empty, ErrorState, Loading } from '../ui/states.js';
import { useOneAtATime } from '../ui/use-one-at-a-time.js';
import { checkFilters } from './filter-check.js';
import { InboxFilters } from './inbox-filters.js';
import { InboxTable } from './inbox-table.js';
import { SavedViews } from './saved-views.js';
import { TriageBar } from './triage-bar.js';
import { changeWords } from './triage-keys.js';
import {
  clearChecked,
  focusRow,
  moveFocus,
  showList,
  toggleChecked,
  updateTriage,
  useTriageSession,
} from './triage-session.js';
import { useInboxKeys } from './use-inbox-keys.js';

/** The inbox page for the address bar's `filters` (those the service would refuse left out, said why). */
export function InboxPage({ filters: asked }: { filters: Filters }) {
  const address = hrefFor({ name: 'inbox', filters: asked });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the address stands for the filters
  const { valid: filters, rejected } = useMemo(() => checkFilters(asked), [address]);
  const inbox = useInbox({ ...filters, limit: INBOX_PAGE_SIZE } as Parameters<typeof useInbox>[0]);
  const projects = useProjects().data?.projects ?? [];
  const assignees = useAssignees().data?.assignees ?? [];
  const triage = useTriage();
  const unmerge = useUnmerge();
  const triageOnce = useOneAtATime(triage);
  const unmergeOnce = useOneAtATime(unmerge);
  const session = useTriageSession();
  const [notice, setNotice] = useState('');
  const [merged, setMerged] = useState<string[]>([]);
  const assigneeField = useRef<HTMLInputElement>(null);
  const groups = inbox.data?.groups ?? [];
  const ids = groups.map((group) => group.id).join(' ');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `ids` stands for `groups`
  useEffect(() => {
    if (inbox.data) updateTriage((state) => showList(state, filters, ids ? ids.split(' ') : []));
  }, [ids, inbox.data === undefined, filters]);
  const checked = groups.filter((group) => session.checked.has(group.id));
  const focused = groups.find((group) => group.id === session.focused);
  const targets = checked.length > 0 ? checked : focused ? [focused] : [];
  const apply = (change: TriageChange) => {
    if (targets.length === 0) return;
    const count = targets.length;
    triageOnce(
      { ids: targets.map((group) => group.id), change },
      {
        onSuccess: () =>
          setNotice(`${count} group${count === 1 ? '' : 's'}: ${changeWords(change)}.`),
        onError: (error) =>
          setNotice(error instanceof ApiError ? error.message : 'The change failed.'),
      },
    );
  };
  useInboxKeys((action) => {
    switch (action.kind) {
      case 'move':
        return updateTriage((state) => moveFocus(state, action.delta));
      case 'open':
        if (session.focused) navigate({ name: 'group', id: session.focused });
        return;
      case 'check':
        if (session.focused) updateTriage((state) => toggleChecked(state, session.focused ?? ''));
        return;
      case 'uncheck-all':
        return updateTriage(clearChecked);
      case 'assign':
        return assigneeField.current?.focus();
      case 'triage':
        return apply(action.change);
    }
  });
  const projectName = (id: string) => projects.find((project) => project.id === id)?.name ?? id;
  const filtered = Object.keys(filters).length > 0;
  const unseen = groups.filter((group) => session.unseen.has(group.id));
  return (
    <main className="page inbox-page">
      <header className="page-header">
        <h1>Inbox</h1>
        <p className="muted">
          {inbox.data
            ? `${inbox.data.total} group${inbox.data.total === 1 ? '' : 's'}${filtered ? ' match' : ''}`
            : ' '}
          {unseen.length > 0 ? (
            <button
              type="button"
              className="new-rows"
              onClick={() => updateTriage((state) => focusRow(state, unseen[0]?.id ?? ''))}
            >
              {unseen.length} new
            </button>
          ) : null}
          <span className="keys">
            <kbd>j</kbd>/<kbd>k</kbd> move · <kbd>Enter</kbd> open · <kbd>x</kbd> check ·{' '}
            <kbd>r</kbd>/<kbd>i</kbd>/<kbd>t</kbd> status · <kbd>1</kbd>–<kbd>4</kbd> priority ·{' '}
            <kbd>a</kbd> assign · <kbd>/</kbd> search
          </span>
        </p>
      </header>
      {rejected.length > 0 ? (
        <p className="rejected-filters" role="status">
          This link's{' '}
          {rejected.map((filter, index) => (
            <span key={filter.name}>
              {index > 0 ? '; ' : ''}
              <code>
                {filter.name}={filter.value.slice(0, 40)}
              </code>{' '}
              is left out ({filter.reason})
            </span>
          ))}
          . <a href={hrefFor({ name: 'inbox', filters })}>Remove it from the address</a>
        </p>
      ) : null}
      <InboxFilters
        filters={filters}
        projects={projects}
        assignees={assignees}
        releases={groups.flatMap((group) => group.releases)}
        platforms={groups.flatMap((group) => group.platforms)}
      />
      <SavedViews filters={filters} />
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
        <>
          <TriageBar
            targets={targets}
            checked={checked.length > 0}
            assignees={assignees}
            assigneeField={assigneeField}
            apply={apply}
            busy={triage.isPending}
            notice={notice}
            onUncheckAll={() => updateTriage(clearChecked)}
            onMerged={(text, mergedIds = []) => {
              setNotice(text);
              setMerged(mergedIds);
            }}
            undoMerge={
              merged.length > 0
                ? () => {
                    // A refusal part-way leaves the rest to undo, not the groups already back.
                    const undone: string[] = [];
                    unmergeOnce(
                      { ids: merged, done: (id) => undone.push(id) },
                      {
                        onSuccess: () => {
                          setMerged([]);
                          setNotice('Merge undone.');
                        },
                        onError: (error) => {
                          setMerged(merged.filter((id) => !undone.includes(id)));
                          setNotice(error.message);
                        },
                      },
                    );
                  }
                : undefined
            }
          />
          <InboxTable
            groups={groups}
            total={inbox.data.total}
            filters={filters}
            projectName={projectName}
            session={session}
          />
        </>
      )}
    </main>
  );
}
