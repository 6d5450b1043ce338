/**
 * Server state through one query cache (TanStack Query): one hook per read, one per change. A
 * change updates the cache from the service's answer, so every page showing the group agrees.
 */
import type { InboxQueryParams, SavedViewCreate } from '@sightline/service';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type SourceCreate, type TriageChange } from './client.js';
import { takeArrivedInbox, takeEarlyInbox } from './early-inbox.js';
import type { GroupDetail, GroupSummary, InboxPage } from './types.js';

/** Cache keys: the inbox pages, one group, the sources, status, saved views. */
export const queryKeys = {
  inbox: (params: InboxQueryParams) => ['inbox', params] as const,
  inboxAll: ['inbox'] as const,
  group: (id: string) => ['group', id] as const,
  groupAll: ['group'] as const,
  sources: ['sources'] as const,
  status: ['status'] as const,
  settings: ['settings'] as const,
  projects: ['projects'] as const,
  views: ['views'] as const,
  assignees: ['assignees'] as const,
};

/**
 * Puts changed groups into the cache (their pages, and their rows on every inbox page held, so a
 * row shows a change with its message, not after the list is read again) and refreshes the lists
 * that may show them (a row may leave a filtered list).
 */
function keepGroups(client: QueryClient, groups: GroupSummary[]) {
  const changed = new Map(groups.map((group) => [group.id, group]));
  for (const group of groups) {
    client.setQueryData<GroupDetail>(queryKeys.group(group.id), (detail) =>
      detail ? { ...detail, group } : detail,
    );
  }
  client.setQueriesData<InboxPage>({ queryKey: queryKeys.inboxAll }, (page) =>
    page
      ? { ...page, groups: page.groups.map((row) => ({ ...row, ...changed.get(row.id) })) }
      : page,
  );
  void client.invalidateQueries({ queryKey: queryKeys.inboxAll });
  void client.invalidateQueries({ queryKey: queryKeys.assignees });
}

/**
 * The inbox for `params` (previous page kept on screen while filters change); the first call takes
 * the page fetched early for the same filters, if any (see `early-inbox.ts`).
 */
export function useInbox(params: InboxQueryParams) {
  return useQuery({
    queryKey: queryKeys.inbox(params),
    queryFn: () => takeEarlyInbox(params) ?? api.inbox(params),
    // Arrived already (the usual case on a first load): the first render has the rows. That page
    // is as fresh as one the query fetched on mount (it left a moment before), so it is not
    // fetched again on mount; live updates fetch it again once their first connection is ready
    // (for changes in between) and on every change, like any page. Pages the
    // query fetched itself (dataUpdateCount ≥ 1) are stale at once, as TanStack's default.
    initialData: () => takeArrivedInbox(params),
    staleTime: (query) => (query.state.dataUpdateCount === 0 ? Number.POSITIVE_INFINITY : 0),
    placeholderData: (previous) => previous,
  });
}

/** One group with its reports and diagnoses. */
export function useGroup(id: string) {
  return useQuery({ queryKey: queryKeys.group(id), queryFn: () => api.group(id) });
}

/**
 * ±5 lines of the project's code around `line` of `path` (secrets withheld by the service), only
 * once `enabled` (a frame opened). Code does not change under a page: cached for the session.
 */
export function useCodeContext(project: string, path: string, line: number, enabled = true) {
  return useQuery({
    queryKey: ['code', project, path, line] as const,
    queryFn: () => api.code(project, path, line),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Sources and their polling state. */
export function useSources() {
  return useQuery({ queryKey: queryKeys.sources, queryFn: api.sources });
}

/** Source kinds and what each asks for (the add form). */
export function useSourceKinds() {
  return useQuery({
    queryKey: ['source-kinds'],
    queryFn: api.sourceKinds,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Adds a source; the list picks it up. @throws ApiError (name taken, settings not valid). */
export function useAddSource() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (source: SourceCreate) => api.addSource(source),
    onSuccess: () => void client.invalidateQueries({ queryKey: queryKeys.sources }),
  });
}

/** Tests a source (its one authenticated call). */
export function useTestSource() {
  return useMutation({ mutationFn: (id: string) => api.testSource(id) });
}

/** Removes a source; the list picks it up. */
export function useRemoveSource() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.removeSource(id),
    onSuccess: () => void client.invalidateQueries({ queryKey: queryKeys.sources }),
  });
}

/** Database, job and report counts. */
export function useStatus() {
  return useQuery({ queryKey: queryKeys.status, queryFn: api.status });
}

/** The model and budgets in use. */
export function useSettings() {
  return useQuery({ queryKey: queryKeys.settings, queryFn: api.settings });
}

/** Projects (id → name for the inbox). */
export function useProjects() {
  return useQuery({ queryKey: queryKeys.projects, queryFn: api.projects, staleTime: 60_000 });
}

/** Sets a group's status, assignee or priority; the group and the inbox pick up the answer. */
export function useTriageGroup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: TriageChange }) =>
      api.triageGroup(id, change),
    onSuccess: (group) => keepGroups(client, [group]),
  });
}

/** Sets status, assignee or priority of several groups at once (all or none). */
export function useTriage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, change }: { ids: string[]; change: TriageChange }) =>
      api.triage(ids, change),
    onSuccess: ({ groups }) => keepGroups(client, groups),
  });
}

/** Names groups are assigned to (for the assignee filter and suggestions). */
export function useAssignees() {
  return useQuery({ queryKey: queryKeys.assignees, queryFn: api.assignees, staleTime: 30_000 });
}

/**
 * Groups changed one after another, the first refusal stopping the rest; `done` hears of each
 * group changed, so a caller knows how far a batch a refusal stopped went.
 */
interface GroupBatch {
  ids: string[];
  done?: (id: string) => void;
}

/**
 * Merges groups by hand: each of `ids` into `into`, one after another (the first refusal stops
 * the rest and is thrown). @returns the group merged into, as it is after the last merge.
 */
export function useMerge() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ ids, into, done }: GroupBatch & { into: string }) => {
      let target: GroupSummary | undefined;
      for (const id of ids) {
        target = await api.merge(id, into);
        done?.(id);
      }
      return target;
    },
    // Settled, not only succeeded: the groups merged before a refusal changed too.
    onSettled: (_target, _error, { ids, into }) => {
      for (const id of [...ids, into]) {
        void client.invalidateQueries({ queryKey: queryKeys.group(id) });
      }
      void client.invalidateQueries({ queryKey: queryKeys.inboxAll });
    },
  });
}

/**
 * Undoes the merges of groups `ids`, one after another (the first refusal stops the rest and is
 * thrown): what each merge moved comes back, and the group shows in the inbox.
 */
export function useUnmerge() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ ids, done }: GroupBatch) => {
      for (const id of ids) {
        await api.unmerge(id);
        done?.(id);
      }
    },
    onSettled: () => {
      // The group and the one it was merged into both changed.
      void client.invalidateQueries({ queryKey: ['group'] });
      void client.invalidateQueries({ queryKey: queryKeys.inboxAll });
    },
  });
}

/** Queues a new investigation of a group. */
export function useReinvestigate() {
  return useMutation({ mutationFn: (id: string) => api.reinvestigate(id) });
}

/** Queues a failed investigation again. @throws ApiError when it has not failed. */
export function useRetry() {
  return useMutation({ mutationFn: (id: string) => api.retry(id) });
}

/** Saved views (named inbox filters and sort), by name. */
export function useSavedViews() {
  return useQuery({ queryKey: queryKeys.views, queryFn: api.views });
}

/** Saves a view; the list picks it up. @throws ApiError (name taken, invalid filters). */
export function useCreateSavedView() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (view: SavedViewCreate) => api.createView(view),
    onSuccess: () => void client.invalidateQueries({ queryKey: queryKeys.views }),
  });
}

/** Deletes a saved view. */
export function useDeleteSavedView() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.deleteView(id),
    onSuccess: () => void client.invalidateQueries({ queryKey: queryKeys.views }),
  });
}
