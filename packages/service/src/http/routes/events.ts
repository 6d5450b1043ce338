/**
 * `GET /api/events`: live updates as server-sent events. Each changed group is sent as a
 * `group-updated` event (its summary as data, its change time as the event id). Changes are read
 * from the store, so updates made by `sightline worker` processes elsewhere arrive too. A client
 * reconnecting with `Last-Event-ID` misses nothing.
 */
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { nowIso, type Store } from '../../store/index.js';
import { groupView } from '../views.js';

/**
 * The live-update route, to mount at `/api/events`: streams changes until the client goes away.
 * @param pollMs - how often the store is read, ms.
 */
export function eventRoutes({ store, pollMs }: { store: Store; pollMs: number }) {
  return new Hono().get('/', (c) =>
    streamSSE(c, async (stream) => {
      let since = c.req.header('last-event-id') ?? nowIso();
      let lastPing = Date.now();
      let closed = false;
      stream.onAbort(() => {
        closed = true;
      });
      await stream.writeSSE({ event: 'ready', data: JSON.stringify({ since }) });
      while (!closed) {
        const changed = await store.groups.changedSince(since);
        for (const group of changed) {
          await stream.writeSSE({
            event: 'group-updated',
            id: group.updatedAt,
            data: JSON.stringify(groupView(group)),
          });
          since = group.updatedAt;
        }
        if (Date.now() - lastPing > 15_000) {
          await stream.writeSSE({ event: 'ping', data: '{}' });
          lastPing = Date.now();
        }
        if (changed.length === 0) await stream.sleep(pollMs);
      }
    }),
  );
}
