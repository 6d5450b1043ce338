/**
 * What the assistant may do on the inbox, as zod schemas (shared by the page's actions and the
 * saved-view parser): filter the inbox, open a group, save a view. The filter fields, the saved
 * view's name and the orders are the service's own schemas (`@sightline/service/vocabulary-schemas`),
 * so the assistant is held to what the API takes.
 */
import { SOURCE_KINDS } from '@sightline/service/vocabulary';
import {
  inboxFilterFieldsSchema,
  inboxSortSchema,
  savedViewNameSchema,
} from '@sightline/service/vocabulary-schemas';
import { z } from 'zod';

/** Input of `filter_inbox`: every filter at once; an omitted one is cleared. */
export const filterInboxInput = inboxFilterFieldsSchema.extend({
  source: z.enum(SOURCE_KINDS).optional().describe('Source kind'),
});

/** Input of `create_saved_view`: a name, the filters (as `filter_inbox` takes them) and the order. */
export const createSavedViewInput = z.object({
  name: savedViewNameSchema.describe('Name shown in the saved views'),
  filters: filterInboxInput.describe('Filters of the view; omitted ones match everything'),
  sort: inboxSortSchema,
});

/** Input of `open_group`. */
export const openGroupInput = z.object({
  id: z.string().min(1).describe('Group id, as in the inbox rows'),
});

/** What `create_saved_view` passes its handler. */
export type CreateSavedViewInput = z.output<typeof createSavedViewInput>;
