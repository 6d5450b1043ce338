/**
 * `/api/code`: ±5 lines of a project's repository code around a line, through the sandbox and the
 * secret gate (see `codeContext`), for the console's stack frames and evidence quotes. `project`
 * may be left out when the service has one project (as in `POST /api/reports`).
 */
import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { gateMessage } from '../../adapters/investigator.js';
import { codeContext } from '../../code-context/code-context.js';
import type { Store } from '../../store/index.js';
import { resolveProject } from '../../store/resolve-project.js';
import { invalidRequest } from '../middleware/errors.js';
import { codeQuerySchema } from '../schemas.js';

/** The code route, to mount at `/api/code`. */
export function codeRoutes({ store }: { store: Store }) {
  return new Hono().get('/', zValidator('query', codeQuerySchema, invalidRequest), async (c) => {
    const { project, path, line } = c.req.valid('query');
    const { repo } = await resolveProject(store, project, { how: '?project=NAME' });
    const context = await codeContext(repo, path, line);
    // Why nothing is shown may quote the path asked for, which may hold a token (trial 21).
    return c.json(context.ok ? context : { ...context, reason: await gateMessage(context.reason) });
  });
}
