/**
 * The poller scheduler: every enabled polled source is polled at its interval; what it returns is
 * ingested; its cursor, last poll, last error and counts are kept in the store for the console.
 * A provider's Retry-After is honoured; failures back off exponentially (interval · 2^failures,
 * at most an hour). One poll per source at a time; a poll that hangs is aborted at `pollTimeoutMs`.
 * A source removed or reconfigured while it is polled stops quietly: its outcome is dropped.
 */
import type { Pipeline } from '../pipeline/index.js';
import type { CredentialStore } from '../sources/credentials.js';
import { instantiateSource } from '../sources/instantiate.js';
import type { SourceRegistry } from '../sources/registry.js';
import { isoAfter, nowIso, type SourceRecord, type Store } from '../store/index.js';

/** Longest wait after failures, ms. */
const MAX_BACKOFF_MS = 3_600_000;

/** Options of {@link startPoller}. */
export interface PollerOptions {
  store: Store;
  pipeline: Pipeline;
  registry: SourceRegistry;
  credentials: CredentialStore;
  /** HTTP client handed to sources. Default: global fetch. */
  fetch?: typeof fetch;
  /** How often due sources are looked for, ms. Default 1,000. */
  tickMs?: number;
  /** Longest poll, ms. Default 60,000. */
  pollTimeoutMs?: number;
  log?: (line: string) => void;
}

/** A running poller. */
export interface Poller {
  /** Polls every due source once now (the timer calls it too). */
  tick(): Promise<void>;
  /** Stops the timer and aborts running polls. */
  stop(): Promise<void>;
}

/** Starts polling. */
export function startPoller(options: PollerOptions): Poller {
  const { store, tickMs = 1_000, pollTimeoutMs = 60_000, log = () => {} } = options;
  const running = new Map<string, Promise<void>>();
  const stopController = new AbortController();

  async function pollOnce(source: SourceRecord): Promise<void> {
    const interval = source.pollIntervalMs ?? 60_000;
    try {
      const instance = instantiateSource(source, { ...options, fetch: options.fetch ?? fetch });
      if (!instance.poll) {
        await store.sources.recordPoll(source.id, {
          error: null,
          nextPollAt: isoAfter(interval),
          settingsRevision: source.settingsRevision,
        });
        return;
      }
      const signal = AbortSignal.any([AbortSignal.timeout(pollTimeoutMs), stopController.signal]);
      const result = await instance.poll({ cursor: source.cursor, signal });
      await options.pipeline.ingest(result.reports, {
        projectId: source.projectId,
        sourceId: source.id,
      });
      await options.pipeline.followUpstream(source, result.upstream ?? []);
      await store.sources.recordPoll(source.id, {
        error: null,
        cursor: result.cursor,
        nextPollAt: isoAfter(Math.max(interval, result.retryAfterMs ?? 0)),
        settingsRevision: source.settingsRevision,
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const retryAfter = (error as { retryAfterMs?: unknown }).retryAfterMs;
      const backoff = Math.min(interval * 2 ** (source.consecutiveFailures + 1), MAX_BACKOFF_MS);
      const kept = await store.sources.recordPoll(source.id, {
        error: message,
        nextPollAt: isoAfter(
          typeof retryAfter === 'number' ? Math.max(retryAfter, interval) : backoff,
        ),
        settingsRevision: source.settingsRevision,
      });
      // Removed or reconfigured while it was polled: the old settings' failure is no news.
      if (kept) log(`source ${source.name} (${source.kind}): poll failed: ${message}`);
    }
  }

  async function tick(): Promise<void> {
    if (stopController.signal.aborted) return;
    const due = await store.sources.due(nowIso());
    const started = due
      .filter((source) => !running.has(source.id))
      .map((source) => {
        const poll = pollOnce(source).finally(() => running.delete(source.id));
        running.set(source.id, poll);
        return poll;
      });
    await Promise.all(started);
  }

  const timer = setInterval(() => {
    tick().catch((error: unknown) =>
      log(`poller: ${error instanceof Error ? error.message : String(error)}`),
    );
  }, tickMs);
  timer.unref();
  return {
    tick,
    async stop() {
      clearInterval(timer);
      stopController.abort();
      await Promise.allSettled([...running.values()]);
    },
  };
}
