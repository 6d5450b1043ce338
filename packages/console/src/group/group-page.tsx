/**
 * A group: header with actions, next and previous in the inbox list it was opened from, the
 * latest diagnosis, its suspects and suspect commits, earlier diagnoses, merges, and the reports
 * (raw and parsed). `Esc` or `u` goes back to the inbox list.
 */
import { ApiError } from '../api/client.js';
import { useGroup, useProjects } from '../api/queries.js';
import type { GroupSummary } from '../api/types.js';
import { useTriageSession } from '../inbox/triage-session.js';
import { hrefFor } from '../router.js';
import { Empty, ErrorState, Loading } from '../ui/states.js';
import { DiagnosisPanel } from './diagnosis-panel.js';
import { EarlierDiagnoses } from './earlier-diagnoses.js';
import { GroupHeader } from './group-header.js';
import { GroupNavigation } from './group-navigation.js';
import { MergedGroups } from './merged-groups.js';
import { ReportsColumn } from './reports-column.js';
import { hasTrace, StackTrace } from './stack-trace.js';
import { SuspectCommits } from './suspect-commits.js';
import { SuspectsTable } from './suspects-table.js';

/** The page of group `id`. */
export function GroupPage({ id }: { id: string }) {
  const detail = useGroup(id);
  const projects = useProjects().data?.projects ?? [];
  const inboxFilters = useTriageSession().filters;
  if (detail.isPending) {
    return (
      <main className="page">
        <GroupNavigation id={id} />
        <h1>Group</h1>
        <Loading what="the group" />
      </main>
    );
  }
  if (detail.isError && isNotFound(detail.error)) {
    return (
      <main className="page">
        <h1>Group</h1>
        <Empty title="No such group">
          <p>
            There is no group <code>{id}</code>: the link may be mistyped or cut short.{' '}
            <a href={hrefFor({ name: 'inbox', filters: inboxFilters })}>Back to the inbox</a>
          </p>
        </Empty>
      </main>
    );
  }
  if (detail.isError) {
    return (
      <main className="page">
        <GroupNavigation id={id} />
        <h1>Group</h1>
        <ErrorState error={detail.error} retry={() => void detail.refetch()} />
      </main>
    );
  }
  const { group, reports, diagnoses, representative } = detail.data;
  const [latest, ...earlier] = diagnoses;
  // The group's trace is its representative's: the report it is investigated from and the inbox
  // culprit comes from, never whichever report came last.
  const traced = representative && hasTrace(representative) ? representative : undefined;
  const projectName = projects.find((project) => project.id === group.projectId)?.name ?? '';
  return (
    <main className="page group-page">
      <GroupNavigation id={id} />
      <GroupHeader
        group={group}
        projectName={projectName}
        hasDiagnosis={latest !== undefined}
        inboxFilters={inboxFilters}
      />
      <MergedGroups detail={detail.data} />
      <div className="columns">
        <div className="main-column">
          {latest ? (
            <>
              <DiagnosisPanel view={latest} project={group.projectId} />
              {traced ? <StackTrace report={traced} project={group.projectId} /> : null}
              <SuspectsTable suspects={latest.suspects} />
              {latest.diagnosis.history ? (
                <SuspectCommits history={latest.diagnosis.history} />
              ) : null}
            </>
          ) : (
            <>
              <Empty title="No diagnosis yet">
                <p>{investigationNote(group.investigation)}</p>
              </Empty>
              {traced ? <StackTrace report={traced} project={group.projectId} /> : null}
            </>
          )}
          <EarlierDiagnoses diagnoses={earlier} />
        </div>
        <ReportsColumn reports={reports} count={group.count} tracedId={traced?.id} />
      </div>
    </main>
  );
}

/** What the page says while a group has no diagnosis: where its investigation is, from the service. */
function investigationNote({ state, reason, attempts }: GroupSummary['investigation']): string {
  switch (state) {
    case 'queued':
      return attempts > 0
        ? `Attempt ${attempts} failed (${reason ?? 'no reason given'}); the investigation is queued again and appears here by itself.`
        : 'The investigation is queued; it appears here by itself.';
    case 'running':
      return 'The investigation is running; it appears here by itself.';
    case 'failed':
      return `The investigation failed after ${attempts} attempt${attempts === 1 ? '' : 's'}: ${(reason ?? 'no reason given').replace(/\.$/, '')}. Use Re-investigate to try again.`;
    case 'done':
      return 'The investigation finished without a diagnosis; use Re-investigate to run one.';
    case 'not-investigated':
      return `${reason ?? 'Not investigated.'} Use Re-investigate to run one.`;
  }
}

/** True when the service has no group of this id (not a failure to retry). */
function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'STORE_ENTRY_NOT_FOUND';
}
