/**
 * `/api/groups`: the inbox (filtered, sorted, paged), triage of several groups at once, one group
 * with its reports and every diagnosis, its Markdown, its status, assignee and priority,
 * investigating it again, retrying a failed investigation, and merging or unmerging groups by hand.
 */
import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import type { Pipeline } from '../../pipeline/index.js';
import type { GroupRecord, Store } from '../../store/index.js';
import { groupMarkdown } from '../group-markdown.js';
import { invalidRequest } from '../middleware/errors.js';
import { jsonMediaOnly } from '../middleware/json-media.js';
import { refuseSecretName } from '../refuse-secret-name.js';
import {
  bulkTriageSchema,
  groupChangeSchema,
  inboxQuerySchema,
  markdownQuerySchema,
  mergeSchema,
  reinvestigateSchema,
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
    .patch('/', jsonMediaOnly, zValidator('json', bulkTriageSchema, invalidRequest), async (c) => {
      const { ids, ...changes } = c.req.valid('json');
      await refuseSecretName('assignee', changes.assignee);
      const groups = await store.groups.triage(ids, changes);
      return c.json({ groups: groups.map(groupView) });
    })
    .get('/assignees', async (c) => c.json({ assignees: await store.groups.assignees() }))
    .get('/:id', async (c) => {
      const group = await store.groups.get(c.req.param('id'));
      const [reports, diagnoses, releases, merged] = await Promise.all([
        store.reports.listOfGroup(group.id),
        store.diagnoses.listOfGroup(group.id),
        store.groups.releases(group.id),
        store.groups.listMergedInto(group.id),
      ]);
      const representative =
        reports.find((report) => report.id === group.representativeReportId) ??
        (await store.reports.get(group.representativeReportId));
      return c.json({
        group: groupView(group),
        releases,
        reports: reports.map(reportView),
        representative: representative ? reportView(representative) : null,
        diagnoses: diagnoses.map(diagnosisView),
        merged: merged.map(groupView),
      });
    })
    .get('/:id/markdown', zValidator('query', markdownQuerySchema, invalidRequest), async (c) => {
      const style = c.req.valid('query').style ?? 'markdown';
      return c.text(await groupMarkdown(store, c.req.param('id'), style));
    })
    .patch(
      '/:id',
      jsonMediaOnly,
      zValidator('json', groupChangeSchema, invalidRequest),
      async (c) => {
        const change = c.req.valid('json');
        await refuseSecretName('assignee', change.assignee);
        const [group] = await store.groups.triage([c.req.param('id')], change);
        return c.json(groupView(group as GroupRecord));
      },
    )
    .post(
      '/:id/investigate',
      jsonMediaOnly,
      zValidator('json', reinvestigateSchema, invalidRequest),
      async (c) => {
        const { model } = c.req.valid('json');
        await pipeline.reinvestigate(c.req.param('id'), model ? { model } : {});
        return c.json({ queued: true }, 202);
      },
    )
    .post(
      '/:id/merge',
      jsonMediaOnly,
      zValidator('json', mergeSchema, invalidRequest),
      async (c) => {
        const group = await store.groups.merge(c.req.param('id'), c.req.valid('json').into);
        return c.json(groupView(group));
      },
    )
    .post('/:id/unmerge', async (c) => {
      return c.json(groupView(await store.groups.unmerge(c.req.param('id'))));
    })
    .post('/:id/retry', async (c) => {
      await pipeline.retry(c.req.param('id'));
      return c.json({ queued: true }, 202);
    });
}
