/**
 * The top of a group page: title, label, status, counts, and the actions — set the status,
 * re-investigate, copy the diagnosis as Markdown or as a GitHub comment. Opted in as the `group`
 * node with the actions `set_status` and `reinvestigate`.
 */
import { userContent } from '@sightline/page-context';
import { usePageAction, usePageContext, withPageContext } from '@sightline/page-context/react';
import { GROUP_PRIORITIES, GROUP_STATUSES, type GroupStatus } from '@sightline/service/vocabulary';
import { type FormEvent, useEffect, useState } from 'react';
import { api, type TriageChange } from '../api/client.js';
import { useReinvestigate, useRetry, useTriageGroup } from '../api/queries.js';
import type { GroupSummary } from '../api/types.js';
import { changeWords } from '../inbox/triage-keys.js';
import { hrefFor, type InboxFilters } from '../router.js';
import { Badge } from '../ui/badge.js';
import { fullTime, timeAgo } from '../ui/format.js';
import { OptionList } from '../ui/option-list.js';
import { useOneAtATime } from '../ui/use-one-at-a-time.js';
import { reinvestigateInput, setStatusInput } from './group-actions.js';

/** Props of {@link GroupHeader}. */
export interface GroupHeaderProps {
  group: GroupSummary;
  projectName: string;
  hasDiagnosis: boolean;
  /** Filters of the inbox list the group was opened from (the breadcrumb goes back to it). */
  inboxFilters: InboxFilters;
}

function GroupHeaderView({ group, projectName, hasDiagnosis, inboxFilters }: GroupHeaderProps) {
  const setStatus = useTriageGroup();
  const [assignee, setAssignee] = useState(group.assignee ?? '');
  // Assigned elsewhere (the inbox, another tab): the field shows it.
  useEffect(() => setAssignee(group.assignee ?? ''), [group.assignee]);
  const reinvestigate = useReinvestigate();
  const retry = useRetry();
  // The page's buttons and forms: one request at a time (the assistant's actions await theirs).
  const setStatusOnce = useOneAtATime(setStatus);
  const reinvestigateOnce = useOneAtATime(reinvestigate);
  const retryOnce = useOneAtATime(retry);
  const [notice, setNotice] = useState('');
  // Upfront what a triager asks first; the rest through `expand_node` (the page's address
  // already carries the id).
  usePageContext(
    {
      title: userContent(group.title),
      status: group.status,
      // Said only when set.
      ...(group.priority ? { priority: group.priority } : {}),
      ...(group.assignee ? { assignee: userContent(group.assignee) } : {}),
    },
    {
      details: () => ({
        id: group.id,
        reports: group.count,
        priority: group.priority ?? 'none',
        assignee: group.assignee ? userContent(group.assignee) : 'unassigned',
        firstSeen: group.firstSeen,
        lastSeen: group.lastSeen,
        sources: group.sources.join(','),
        project: projectName,
        diagnosisVersion: group.latestDiagnosisVersion,
      }),
    },
  );
  const changed = (triage: TriageChange) => {
    const words = changeWords(triage);
    setNotice(`${words.charAt(0).toUpperCase()}${words.slice(1)}.`);
  };
  const change = (triage: TriageChange) =>
    setStatusOnce({ id: group.id, change: triage }, { onSuccess: () => changed(triage) });
  const assign = (event: FormEvent) => {
    event.preventDefault();
    change({ assignee: assignee.trim() || null });
  };
  const queued = () =>
    setNotice('Investigation queued; the new diagnosis appears here when it is ready.');
  usePageAction('set_status', {
    description: 'Set the triage status of this group.',
    input: setStatusInput,
    // Once the model has read report text, the user confirms (prompt injection cannot act unseen).
    confirm: 'if-untrusted',
    handler: async ({ status }) => {
      await setStatus.mutateAsync({ id: group.id, change: { status } });
      changed({ status });
      return { id: group.id, status };
    },
  });
  usePageAction('reinvestigate', {
    description: 'Investigate this group again (with the configured model, else offline).',
    input: reinvestigateInput,
    confirm: 'if-untrusted',
    handler: async () => {
      await reinvestigate.mutateAsync(group.id);
      queued();
      return { id: group.id, queued: true };
    },
  });
  const copy = async (style: 'markdown' | 'github') => {
    try {
      const text = await api.markdown(group.id, style);
      await navigator.clipboard.writeText(text);
      setNotice(style === 'github' ? 'Copied as a GitHub comment.' : 'Copied as Markdown.');
    } catch (error) {
      setNotice(error instanceof Error ? error.message : 'Copy failed.');
    }
  };
  const failure = setStatus.error ?? reinvestigate.error ?? retry.error;
  return (
    <header className="page-header group-header">
      <p className="breadcrumb">
        <a href={hrefFor({ name: 'inbox', filters: inboxFilters })}>Inbox</a> / {projectName}
      </p>
      <h1>{group.title}</h1>
      <p className="meta">
        <Badge kind={group.label}>{group.label}</Badge>
        <span>
          {group.count} report{group.count === 1 ? '' : 's'}
        </span>
        <span title={fullTime(group.firstSeen)}>first seen {timeAgo(group.firstSeen)}</span>
        <span title={fullTime(group.lastSeen)}>last seen {timeAgo(group.lastSeen)}</span>
        <span>via {group.sources.join(', ')}</span>
      </p>
      <div className="actions" role="toolbar" aria-label="Group actions">
        <label className="filter">
          <span>Status</span>
          <select
            name="status"
            value={group.status}
            disabled={setStatus.isPending}
            onChange={(event) => change({ status: event.target.value as GroupStatus })}
          >
            <OptionList values={GROUP_STATUSES} />
          </select>
        </label>
        <label className="filter">
          <span>Priority</span>
          <select
            name="priority"
            value={group.priority ?? ''}
            disabled={setStatus.isPending}
            onChange={(event) => {
              const priority = GROUP_PRIORITIES.find((level) => level === event.target.value);
              change({ priority: priority ?? null });
            }}
          >
            <option value="">none</option>
            <OptionList values={GROUP_PRIORITIES} />
          </select>
        </label>
        <form className="assign" onSubmit={assign}>
          <label className="filter">
            <span>Assignee</span>
            <input
              name="assignee"
              value={assignee}
              maxLength={100}
              placeholder="unassigned"
              onChange={(event) => setAssignee(event.target.value)}
            />
          </label>
          <button type="submit" disabled={setStatus.isPending}>
            Assign
          </button>
        </form>
        <button
          type="button"
          onClick={() => reinvestigateOnce(group.id, { onSuccess: queued })}
          disabled={reinvestigate.isPending}
        >
          Re-investigate
        </button>
        {group.investigation.state === 'failed' ? (
          <button
            type="button"
            onClick={() =>
              retryOnce(group.id, {
                onSuccess: () => setNotice('The failed investigation is queued again.'),
              })
            }
            disabled={retry.isPending}
          >
            Retry
          </button>
        ) : null}
        <button type="button" onClick={() => void copy('markdown')} disabled={!hasDiagnosis}>
          Copy as Markdown
        </button>
        <button type="button" onClick={() => void copy('github')} disabled={!hasDiagnosis}>
          Copy as GitHub comment
        </button>
        <output className="notice" aria-live="polite">
          {failure ? failure.message : notice}
        </output>
      </div>
    </header>
  );
}

/** The group header. */
export const GroupHeader = withPageContext('group', GroupHeaderView, {
  id: () => 'group',
  priority: 10,
});
