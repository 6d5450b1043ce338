/**
 * Sources and settings: each source's state (enabled, last and next poll, last error, polls and
 * reports), the model and budgets investigations use, and the store's counts.
 */
import { useSettings, useSources, useStatus } from '../api/queries.js';
import { fullTime, timeAgo } from '../ui/format.js';
import { Empty, ErrorState, Loading } from '../ui/states.js';

function when(iso: string | null): string {
  return iso ? timeAgo(iso) : 'never';
}

function SourcesTable() {
  const sources = useSources();
  if (sources.isPending) return <Loading what="the sources" />;
  if (sources.isError) {
    return <ErrorState error={sources.error} retry={() => void sources.refetch()} />;
  }
  if (sources.data.sources.length === 0) {
    return (
      <Empty title="No source connected">
        <p>
          Reports arrive through <code>POST /api/reports</code> and <code>sightline ingest</code>.
          Sentry and GitHub issues sources poll and take webhooks once configured (see the service's
          README).
        </p>
      </Empty>
    );
  }
  return (
    <table className="sources" aria-label="Sources">
      <thead>
        <tr>
          <th scope="col">Source</th>
          <th scope="col">Kind</th>
          <th scope="col">State</th>
          <th scope="col">Last poll</th>
          <th scope="col">Next poll</th>
          <th scope="col" className="number">
            Polls
          </th>
          <th scope="col" className="number">
            Reports
          </th>
          <th scope="col">Last error</th>
          <th scope="col">Webhook</th>
        </tr>
      </thead>
      <tbody>
        {sources.data.sources.map((source) => (
          <tr key={source.id}>
            <td>{source.name}</td>
            <td>{source.kind}</td>
            <td>{source.enabled ? 'enabled' : 'disabled'}</td>
            <td title={source.lastPollAt ? fullTime(source.lastPollAt) : undefined}>
              {when(source.lastPollAt)}
            </td>
            <td>{source.pollIntervalMs ? when(source.nextPollAt) : 'webhooks only'}</td>
            <td className="number">{source.pollCount}</td>
            <td className="number">{source.reportCount}</td>
            <td className={source.lastError ? 'error-text' : 'muted'}>
              {source.lastError ?? 'none'}
            </td>
            <td>
              <code>{source.webhookPath}</code>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function ServiceFacts() {
  const settings = useSettings();
  const status = useStatus();
  if (settings.isPending || status.isPending) return <Loading what="the settings" />;
  if (settings.isError) return <ErrorState error={settings.error} />;
  if (status.isError) return <ErrorState error={status.error} />;
  const { model, database, budgets } = settings.data;
  const count = (record: Record<string, number>) =>
    Object.entries(record)
      .map(([key, value]) => `${value} ${key}`)
      .join(', ') || 'none';
  return (
    <dl className="facts">
      <dt>Model</dt>
      <dd>
        {model ?? (
          <>
            none: investigations run offline (suspects, no proposed change). Start with{' '}
            <code>sightline serve --model anthropic:claude-sonnet-4-5</code> (key in{' '}
            <code>ANTHROPIC_API_KEY</code>) or set <code>SIGHTLINE_MODEL</code>.
          </>
        )}
      </dd>
      <dt>Budgets</dt>
      <dd>
        {budgets.exploreSteps} explore steps, {budgets.deepDiveSteps} deep-dive steps per
        investigation
      </dd>
      <dt>Store</dt>
      <dd>{database}</dd>
      <dt>Reports</dt>
      <dd>{count(status.data.reports)}</dd>
      <dt>Jobs</dt>
      <dd>{count(status.data.jobs)}</dd>
    </dl>
  );
}

/** The page. */
export function SettingsPage() {
  return (
    <main className="page settings-page">
      <header className="page-header">
        <h1>Sources &amp; settings</h1>
      </header>
      <section className="panel" aria-labelledby="sources-heading">
        <h2 id="sources-heading">Sources</h2>
        <SourcesTable />
      </section>
      <section className="panel" aria-labelledby="service-heading">
        <h2 id="service-heading">Investigations</h2>
        <ServiceFacts />
      </section>
    </main>
  );
}
