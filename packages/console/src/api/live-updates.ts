/**
 * Live updates: reads `GET /api/events` (server-sent events) with fetch, because EventSource cannot
 * send the API token, parses it with `eventsource-parser`, and refreshes the cached inbox and the
 * changed group on every `group-updated` event. Reconnects with `Last-Event-ID` after a drop, so no
 * change is missed; after a first connection, which has no cursor, the pages already fetched are
 * fetched again once, for the changes made before it was ready.
 */
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { EventSourceParserStream } from 'eventsource-parser/stream';
import { useEffect, useState } from 'react';
import { queryKeys } from './queries.js';
import { readToken } from './token.js';

/** State of the live connection, shown in the top bar. */
export type LiveState = 'connecting' | 'live' | 'offline';

/** Wait before reconnecting, ms. */
const RETRY_MS = 3_000;

async function listen(
  client: QueryClient,
  signal: AbortSignal,
  lastEventId: { value: string | undefined },
  onState: (state: LiveState) => void,
): Promise<void> {
  const headers: Record<string, string> = { authorization: `Bearer ${readToken() ?? ''}` };
  if (lastEventId.value) headers['last-event-id'] = lastEventId.value;
  const response = await fetch('/api/events', { headers, signal });
  if (!response.ok || !response.body) throw new Error(`events answered ${response.status}`);
  const events = response.body
    .pipeThrough(new TextDecoderStream())
    .pipeThrough(new EventSourceParserStream());
  const reader = events.getReader();
  for (;;) {
    const { done, value: event } = await reader.read();
    if (done) return;
    if (event.event === 'ready') {
      onState('live');
      // A first connection has no cursor: a change made after the pages on screen were fetched
      // (the early inbox page leaves before this connection) and before `ready` would never be
      // sent, so those pages are fetched again once. A reconnection resumes from its cursor.
      if (lastEventId.value === undefined) {
        void client.invalidateQueries({ queryKey: queryKeys.inboxAll });
        void client.invalidateQueries({ queryKey: queryKeys.groupAll });
      }
    }
    if (event.event !== 'group-updated') continue;
    if (event.id) lastEventId.value = event.id;
    const group = JSON.parse(event.data) as { id: string };
    void client.invalidateQueries({ queryKey: queryKeys.inboxAll });
    void client.invalidateQueries({ queryKey: queryKeys.group(group.id) });
  }
}

/** Keeps the cache live while mounted. @returns the connection state. */
export function useLiveUpdates(): LiveState {
  const client = useQueryClient();
  const [state, setState] = useState<LiveState>('connecting');
  useEffect(() => {
    const controller = new AbortController();
    const lastEventId: { value: string | undefined } = { value: undefined };
    let timer: ReturnType<typeof setTimeout> | undefined;
    const run = () => {
      listen(client, controller.signal, lastEventId, setState)
        .catch(() => undefined)
        .finally(() => {
          if (controller.signal.aborted) return;
          setState('offline');
          timer = setTimeout(run, RETRY_MS);
        });
    };
    run();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [client]);
  return state;
}
