/** `GET/POST /api/views`, `DELETE /api/views/:id`: saved views (named inbox filters and sort). */
import { zValidator } from '@hono/zod-validator';
import type { Hono } from 'hono';
import type { Store } from '../store/index.js';
import { savedViewCreateSchema } from './schemas.js';

/** The app's answer to a failed validation (see `createApp`). */
type InvalidHook = Parameters<typeof zValidator>[2];

/** Adds the saved-view routes to `app` (behind the API token, like every `/api` route). */
export function mountSavedViews(app: Hono, store: Store, invalid: InvalidHook): void {
  app.get('/api/views', async (c) => c.json({ views: await store.savedViews.list() }));
  app.post('/api/views', zValidator('json', savedViewCreateSchema, invalid), async (c) =>
    c.json(await store.savedViews.create(c.req.valid('json')), 201),
  );
  app.delete('/api/views/:id', async (c) => {
    await store.savedViews.delete(c.req.param('id'));
    return c.body(null, 204);
  });
}
