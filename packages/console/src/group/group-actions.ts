/** What the assistant may do on a group page, as zod schemas. */
import { z } from 'zod';
import { STATUSES } from '../inbox/inbox-actions.js';

/** Input of `set_status`. */
export const setStatusInput = z.object({
  status: z.enum(STATUSES).describe('new, triaged, resolved or ignored'),
});

/** Input of `reinvestigate` (none). */
export const reinvestigateInput = z.object({});
