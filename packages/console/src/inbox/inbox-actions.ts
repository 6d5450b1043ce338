/**
 * What the assistant may do on the inbox, as zod schemas (shared by the page's actions and the
 * saved-view parser): filter the inbox and open a group.
 */
import { z } from 'zod';

/** Labels, statuses and source kinds the inbox filters by. */
export const LABELS = ['bug', 'crash', 'feature', 'other'] as const;
export const STATUSES = ['new', 'triaged', 'resolved', 'ignored'] as const;
export const SOURCE_KINDS = ['files', 'sentry', 'github', 'app-store', 'google-play'] as const;

/** Input of `filter_inbox`: every filter at once; an omitted or empty one is cleared. */
export const filterInboxInput = z.object({
  label: z.enum(LABELS).optional().describe('bug, crash, feature or other'),
  status: z.enum(STATUSES).optional(),
  source: z.enum(SOURCE_KINDS).optional().describe('Source kind'),
  q: z.string().max(200).optional().describe('Words the title contains'),
});

/** Input of `open_group`. */
export const openGroupInput = z.object({
  id: z.string().min(1).describe('Group id, as in the inbox rows'),
});
