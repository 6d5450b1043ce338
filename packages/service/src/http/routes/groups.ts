/**
 * `/api/groups`: the inbox (filtered, sorted, paged), one group with its reports and every
 * diagnosis, its Markdown, its triage status, investigating it again, and retrying a failed
 * investigation, and merging or unmerging groups by hand.
 */
import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import type { Pipeline } from '../../pipeline/index.js';
import type { Store } from '../../store/index.js';
import { groupMarkdown } from '../group-markdown.js';
import { invalidRequest } from '../middleware/errors.js';
import {
  inboxQuerySchema,
  markdownQuerySchema,
  mergeSchema,
  reinvestigateSchema,
  statusChangeSchema,
} from '../schemas.js';
import { diagnosisView, groupView, inboxRowView, reportView } from '../views.js';

/** The group routes, to mount at `/api/groups`. */
export function groupRoutes({ store, pipeline }: { store: Store; pipeline: Pipeline }) {
  return new Hono()
    .get('/', zValidator('query', inboxQuerySchema, invalidRequest), async (c) => {
      const page = await store.inbox(c.req.valid('query'));
      const rows = await store.inboxRows(page.groups);
      return c.json({ ...page, groups: page.groups.map((group) => inboxRowView(group, rows)) });
    })
    .get('/:id', async (c) => {
      const group = await store.groups.get(c.req.param('id'));
      const [reports, diagnoses, releases] = await Promise.all([
        store.reports.listOfGroup(group.id),
        store.diagnoses.listOfGroup(group.id),
        store.groups.releases(group.id),
      ]);
      return c.json({
        group: groupView(group),
        releases,
        reports: reports.map(reportView),
        diagnoses: diagnoses.map(diagnosisView),
      });
    })
    .get('/:id/markdown', zValidator('query', markdownQuerySchema, invalidRequest), async (c) => {
      const style = c.req.valid('query').style ?? 'markdown';
      return c.text(await groupMarkdown(store, c.req.param('id'), style));
    })
    .patch('/:id', zValidator('json', statusChangeSchema, invalidRequest), async (c) => {
      const group = await store.groups.setStatus(c.req.param('id'), c.req.valid('json').status);
      return c.json(groupView(group));
    })
    .post(
      '/:id/investigate',
      zValidator('json', reinvestigateSchema, invalidRequest),
      async (c) => {
        const { model } = c.req.valid('json');
        await pipeline.reinvestigate(c.req.param('id'), model ? { model } : {});
        return c.json({ queued: true }, 202);
      },
    )
    .post('/:id/merge', zValidator('json', mergeSchema, invalidRequest), async (c) => {
      const group = await store.groups.merge(c.req.param('id'), c.req.valid('json').into);
      return c.json(groupView(group));
    })
    .post('/:id/unmerge', async (c) => {
      return c.json(groupView(await store.groups.unmerge(c.req.param('id'))));
    })
    .post('/:id/retry', async (c) => {
      await pipeline.retry(c.req.param('id'));
      return c.json({ queued: true }, 202);
    });
}
