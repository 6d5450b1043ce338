/**
 * What the assistant may do on the inbox, as zod schemas (shared by the page's actions and the
 * saved-view parser): filter the inbox, open a group, save a view.
 */
import {
  GROUP_PRIORITIES,
  GROUP_STATUSES,
  INBOX_SORTS,
  REPORT_LABELS,
} from '@sightline/service/vocabulary';
import { z } from 'zod';

/** Source kinds the inbox filters by (labels, statuses and orders are the service's vocabulary). */
export const SOURCE_KINDS = ['files', 'sentry', 'github', 'app-store', 'google-play'] as const;

/** Input of `filter_inbox`: every filter at once; an omitted or empty one is cleared. */
export const filterInboxInput = z.object({
  label: z.enum(REPORT_LABELS).optional().describe(REPORT_LABELS.join(', ')),
  status: z.enum(GROUP_STATUSES).optional(),
  priority: z
    .enum([...GROUP_PRIORITIES, 'none'])
    .optional()
    .describe('none: without a priority'),
  assignee: z.string().max(100).optional().describe("An assignee's name; none: unassigned"),
  source: z.enum(SOURCE_KINDS).optional().describe('Source kind'),
  release: z
    .string()
    .max(100)
    .optional()
    .describe('Release or app version (2.13.0): groups with a report from it'),
  platform: z
    .string()
    .max(50)
    .optional()
    .describe('Platform (android, ios, javascript): groups with a report from it'),
  q: z
    .string()
    .max(200)
    .optional()
    .describe("Words to find in the group's title or any of its reports' text (word prefixes)"),
});

/** Input of `create_saved_view`: a name, the filters (as `filter_inbox` takes them) and the order. */
export const createSavedViewInput = z.object({
  name: z.string().trim().min(1).max(100).describe('Name shown in the saved views'),
  filters: filterInboxInput.describe('Filters of the view; omitted ones match everything'),
  sort: z
    .enum(INBOX_SORTS)
    .describe(
      'newest: last seen first; oldest: first seen first; most_reports: most reports first',
    ),
});

/** Input of `open_group`. */
export const openGroupInput = z.object({
  id: z.string().min(1).describe('Group id, as in the inbox rows'),
});
