/**
 * The service's vocabulary as zod schemas: inbox orders, assignees, saved-view names and the inbox's
 * filter fields (the API's query and saved views, and the console assistant's `filter_inbox`).
 * Apart from `vocabulary.ts` (the constants), so that importing the words does not load zod (the
 * console imports this only with its assistant's actions, after its first rows).
 */
import { z } from 'zod';
import { GROUP_PRIORITIES, GROUP_STATUSES, INBOX_SORTS, REPORT_LABELS } from './vocabulary.js';

/** Inbox orders, as a schema with what each means. */
export const inboxSortSchema = z
  .enum(INBOX_SORTS)
  .describe(
    'newest: last seen first (default); oldest: first seen first; most_reports; ties by title (A to Z)',
  );

/** An assignee as a triager types it: trimmed, 1–100 characters. */
export const assigneeSchema = z.string().trim().min(1).max(100);

/** A saved view's name: trimmed, 1–100 characters. */
export const savedViewNameSchema = z.string().trim().min(1).max(100);

/**
 * The inbox's filter fields, each optional, with their limits (search 200 characters, assignee
 * and release 100, platform 50). The API adds `project` and takes any source kind (a deployment
 * may register its own); the console's assistant takes the built-in `SOURCE_KINDS` (vocabulary.ts).
 */
export const inboxFilterFieldsSchema = z.object({
  label: z.enum(REPORT_LABELS).optional(),
  status: z.enum(GROUP_STATUSES).optional(),
  assignee: assigneeSchema.optional().describe('Name assigned to, or none: unassigned groups'),
  priority: z
    .enum([...GROUP_PRIORITIES, 'none'])
    .optional()
    .describe('urgent, high, medium, low, or none: groups without a priority'),
  q: z
    .string()
    .max(200)
    .optional()
    .describe("Words to find in the group's title or any of its reports' text (word prefixes)"),
  release: z
    .string()
    .max(100)
    .optional()
    .describe('Release or app version (2.13.0): groups with a report from it'),
  platform: z
    .string()
    .max(50)
    .optional()
    .describe('Platform (android, ios, javascript, any case): groups with a report from it'),
});
