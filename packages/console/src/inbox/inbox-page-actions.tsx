/**
 * The inbox's page actions (`filter_inbox` and `open_group` on the `inbox` node,
 * `create_saved_view` on `savedViews`) as components that show nothing, each rendered inside the
 * node it acts on. They and their zod schemas (`inbox-actions.ts`) are a chunk of their own, loaded
 * once the browser is idle after the first rows (`ui/when-idle.tsx`): the first load has no zod.
 */
import { usePageAction } from '@sightline/page-context/react';
import { type InboxFilters, navigate } from '../router.js';
import {
  type CreateSavedViewInput,
  createSavedViewInput,
  filterInboxInput,
  openGroupInput,
} from './inbox-actions.js';

/** `filter_inbox` (keeping the project filter in effect) and `open_group`. */
export function InboxTableActions({ filters }: { filters: InboxFilters }) {
  usePageAction('filter_inbox', {
    description:
      'Filter the inbox by label, status, priority, assignee, source and words of the titles or report text (omitted: cleared).',
    input: filterInboxInput,
    handler: (input) => {
      const next = { ...(filters.project ? { project: filters.project } : {}), ...input };
      navigate({ name: 'inbox', filters: next });
      return { filters: next };
    },
  });
  usePageAction('open_group', {
    description: 'Open a group of the inbox (its reports and diagnosis).',
    input: openGroupInput,
    handler: ({ id }) => {
      navigate({ name: 'group', id });
      return { opened: id };
    },
  });
  return null;
}

/** `create_saved_view`: `save` stores the view and applies it. */
export function SavedViewActions({
  save,
}: {
  save: (view: CreateSavedViewInput) => Promise<{ saved: string; applied: string }>;
}) {
  usePageAction('create_saved_view', {
    description:
      'Save a named view of the inbox (filters and sort order) and apply it. Filters omitted match everything.',
    input: createSavedViewInput,
    // The inbox holds report titles: the user confirms before a view is stored.
    confirm: 'if-untrusted',
    handler: save,
  });
  return null;
}
