/** What the assistant may do on a group page, as zod schemas. */

import { GROUP_STATUSES } from '@sightline/service/vocabulary';
import { z } from 'zod';

/** Input of `set_status`. */
export const setStatusInput = z.object({
  status: z.enum(GROUP_STATUSES).describe('new, triaged, resolved or ignored'),
});

/** Input of `reinvestigate` (none). */
export const reinvestigateInput = z.object({});
