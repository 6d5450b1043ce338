/**
 * Loading, empty and error states shared by the pages: each says what is happening or what to do,
 * never a stack trace.
 */
import type { ReactNode } from 'react';
import { ApiError } from '../api/client.js';

/** A quiet placeholder while data loads. */
export function Loading({ what }: { what: string }) {
  return (
    <p className="state loading" role="status">
      Loading {what}…
    </p>
  );
}

/** Nothing to show, and what to do about it. */
export function Empty({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="state empty">
      <h2>{title}</h2>
      <div>{children}</div>
    </section>
  );
}

/** What to do after a failed call, by error code. */
function advice(error: unknown): string {
  if (!(error instanceof ApiError))
    return 'Reload the page; if it persists, check the service log.';
  if (error.code === 'UNAUTHORIZED')
    return 'Open the console from the link `sightline serve` printed.';
  if (error.code === 'STORE_ENTRY_NOT_FOUND')
    return 'It may have been removed; go back to the inbox.';
  if (error.code === 'UNREACHABLE') return 'Start the service again, then retry.';
  return 'Retry; if it persists, the service log says why.';
}

/** A failed load: the service's message, advice, and a retry button. */
export function ErrorState({ error, retry }: { error: unknown; retry?: () => void }) {
  const message = error instanceof Error ? error.message : String(error);
  return (
    <section className="state error" role="alert">
      <h2>Could not load this</h2>
      <p>{message}</p>
      <p className="muted">{advice(error)}</p>
      {retry ? (
        <button type="button" onClick={retry}>
          Retry
        </button>
      ) : null}
    </section>
  );
}
