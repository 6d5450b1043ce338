/**
 * Sources and settings: each source's state (enabled, last poll, poll interval and next poll,
 * last error, polls and reports), its webhook URL and secret setup, testing and removing it;
 * adding a source; rotating the API token; the model and budgets investigations use, and the
 * store's counts.
 */

import { pluralize } from '@sightline/core';
import { useState } from 'react';
import {
  useRemoveSource,
  useSettings,
  useSources,
  useStatus,
  useTestSource,
} from '../api/queries.js';
import type { SourceView } from '../api/types.js';
import { fullTime, interval, timeAgo } from '../ui/format.js';
import { Empty, ErrorState, Loading } from '../ui/states.js';
import { useOneAtATime } from '../ui/use-one-at-a-time.js';
import { AddSourceForm } from './add-source-form.js';
import { ApiTokenPanel } from './api-token-panel.js';
import { WebhookSetup } from './webhook-setup.js';

function when(iso: string | null): string {
  return iso ? timeAgo(iso) : 'never';
}

function SourceItem({ source }: { source: SourceView }) {
  const test = useTestSource();
  const remove = useRemoveSource();
  const testOnce = useOneAtATime(test);
  const removeOnce = useOneAtATime(remove);
  const [removing, setRemoving] = useState(false);
  return (
    <li className="source" data-source-id={source.id}>
      <h3>
        {source.name} <span className="muted">({source.kind})</span>
      </h3>
      <p className="source-state">
        <span>{source.enabled ? 'enabled' : 'disabled'}</span>
        <span title={source.lastPollAt ? fullTime(source.lastPollAt) : undefined}>
          last poll {when(source.lastPollAt)}
        </span>
        {/* The interval of every polled source, whatever its kind (a polled GitHub or Sentry
            source showed none); not 'webhooks only', said of unpolled kinds that take none. */}
        <span>
          {source.pollIntervalMs
            ? `polled every ${interval(source.pollIntervalMs)}, next poll ${when(source.nextPollAt)}`
            : 'not polled'}
        </span>
        <span>
          {pluralize(source.pollCount, 'poll')}, {pluralize(source.reportCount, 'report')}
        </span>
        <span className={source.lastError ? 'error-text' : 'muted'}>
          last error: {source.lastError ?? 'none'}
        </span>
      </p>
      <WebhookSetup source={source} />
      <p className="source-actions">
        <button
          type="button"
          onClick={() => testOnce(source.id)}
          disabled={test.isPending}
          aria-label={`Test ${source.name}`}
        >
          {test.isPending ? 'Testing…' : 'Test'}
        </button>{' '}
        {removing ? (
          <>
            <button
              type="button"
              onClick={() => removeOnce(source.id)}
              disabled={remove.isPending}
              aria-label={`Remove ${source.name} now`}
            >
              Remove now
            </button>{' '}
            <button type="button" onClick={() => setRemoving(false)}>
              Keep it
            </button>{' '}
            <span className="muted">Its reports stay; polling and its webhook stop.</span>
          </>
        ) : (
          <button
            type="button"
            onClick={() => setRemoving(true)}
            aria-label={`Remove ${source.name}`}
          >
            Remove…
          </button>
        )}
      </p>
      {test.data ? (
        <p className={test.data.ok ? 'test-ok' : 'error-text'} role="status">
          {test.data.ok ? 'Works: ' : 'Failed: '}
          {test.data.message}
        </p>
      ) : null}
      {test.error || remove.error ? (
        <p className="state error" role="alert">
          {(test.error ?? remove.error)?.message}
        </p>
      ) : null}
    </li>
  );
}

function SourcesList() {
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
          Add Sentry, GitHub issues, App Store or Google Play below: each is polled, takes webhooks,
          or both.
        </p>
      </Empty>
    );
  }
  return (
    <ul className="source-list" aria-label="Sources">
      {sources.data.sources.map((source) => (
        <SourceItem key={source.id} source={source} />
      ))}
    </ul>
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
        {pluralize(budgets.exploreSteps, 'explore step')},{' '}
        {pluralize(budgets.deepDiveSteps, 'deep-dive step')} per investigation
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
  const [added, setAdded] = useState('');
  return (
    <main className="page settings-page">
      <header className="page-header">
        <h1>Sources &amp; settings</h1>
      </header>
      <section className="panel" aria-labelledby="sources-heading">
        <h2 id="sources-heading">Sources</h2>
        <SourcesList />
      </section>
      <section className="panel" aria-labelledby="add-source-heading">
        <h2 id="add-source-heading">Add a source</h2>
        <AddSourceForm onAdded={setAdded} />
        {added ? (
          <p role="status">
            Added {added}: test it above, and set up its webhook where it has one.
          </p>
        ) : null}
      </section>
      <section className="panel" aria-labelledby="token-heading">
        <h2 id="token-heading">API token</h2>
        <ApiTokenPanel />
      </section>
      <section className="panel" aria-labelledby="service-heading">
        <h2 id="service-heading">Investigations</h2>
        <ServiceFacts />
      </section>
    </main>
  );
}
