/** `/api/views`: saved views (named inbox filters and sort), listed, saved and deleted. */
import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import type { Store } from '../../store/index.js';
import { invalidRequest } from '../middleware/errors.js';
import { jsonMediaOnly } from '../middleware/json-media.js';
import { savedViewCreateSchema } from '../schemas.js';

/** The saved-view routes, to mount at `/api/views`. */
export function savedViewRoutes({ store }: { store: Store }) {
  return new Hono()
    .get('/', async (c) => c.json({ views: await store.savedViews.list() }))
    .post(
      '/',
      jsonMediaOnly,
      zValidator('json', savedViewCreateSchema, invalidRequest),
      async (c) => c.json(await store.savedViews.create(c.req.valid('json')), 201),
    )
    .delete('/:id', async (c) => {
      await store.savedViews.delete(c.req.param('id'));
      return c.body(null, 204);
    });
}
