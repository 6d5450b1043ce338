/**
 * The top of a group page: title, label, status, counts, and the actions — set the status,
 * re-investigate, copy the diagnosis as Markdown or as a GitHub comment. Opted in as the `group`
 * node with the actions `set_status` and `reinvestigate`.
 */
import { userContent } from '@sightline/page-context';
import { usePageAction, usePageContext, withPageContext } from '@sightline/page-context/react';
import { GROUP_STATUSES, type GroupStatus } from '@sightline/service/vocabulary';
import { useState } from 'react';
import { api } from '../api/client.js';
import { useReinvestigate, useRetry, useSetStatus } from '../api/queries.js';
import type { GroupSummary } from '../api/types.js';
import { hrefFor } from '../router.js';
import { Badge } from '../ui/badge.js';
import { fullTime, timeAgo } from '../ui/format.js';
import { reinvestigateInput, setStatusInput } from './group-actions.js';

/** Props of {@link GroupHeader}. */
export interface GroupHeaderProps {
  group: GroupSummary;
  projectName: string;
  hasDiagnosis: boolean;
}

function GroupHeaderView({ group, projectName, hasDiagnosis }: GroupHeaderProps) {
  const setStatus = useSetStatus();
  const reinvestigate = useReinvestigate();
  const retry = useRetry();
  const [notice, setNotice] = useState('');
  usePageContext({
    id: group.id,
    title: userContent(group.title),
    label: group.label,
    status: group.status,
    reports: group.count,
    firstSeen: group.firstSeen,
    lastSeen: group.lastSeen,
    sources: group.sources.join(','),
    project: projectName,
    diagnosisVersion: group.latestDiagnosisVersion,
  });
  const changeStatus = async (status: GroupStatus) => {
    await setStatus.mutateAsync({ id: group.id, status });
    setNotice(`Status set to ${status}.`);
  };
  const investigate = async () => {
    await reinvestigate.mutateAsync(group.id);
    setNotice('Investigation queued; the new diagnosis appears here when it is ready.');
  };
  const retryFailed = async () => {
    await retry.mutateAsync(group.id);
    setNotice('The failed investigation is queued again.');
  };
  usePageAction('set_status', {
    description: 'Set the triage status of this group.',
    input: setStatusInput,
    // Once the model has read report text, the user confirms (prompt injection cannot act unseen).
    confirm: 'if-untrusted',
    handler: async ({ status }) => {
      await changeStatus(status);
      return { id: group.id, status };
    },
  });
  usePageAction('reinvestigate', {
    description: 'Investigate this group again (with the configured model, else offline).',
    input: reinvestigateInput,
    confirm: 'if-untrusted',
    handler: async () => {
      await investigate();
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
        <a href={hrefFor({ name: 'inbox', filters: {} })}>Inbox</a> / {projectName}
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
            onChange={(event) => void changeStatus(event.target.value as GroupStatus)}
          >
            {GROUP_STATUSES.map((status) => (
              <option key={status} value={status}>
                {status}
              </option>
            ))}
          </select>
        </label>
        <button type="button" onClick={() => void investigate()} disabled={reinvestigate.isPending}>
          Re-investigate
        </button>
        {group.investigation.state === 'failed' ? (
          <button type="button" onClick={() => void retryFailed()} disabled={retry.isPending}>
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
  id: ({ group }) => `group-${group.id}`,
  priority: 10,
});
