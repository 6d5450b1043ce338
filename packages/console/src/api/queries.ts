/**
 * Server state through one query cache (TanStack Query): one hook per read, one per change. A
 * change updates the cache from the service's answer, so every page showing the group agrees.
 */
import type { InboxQueryParams, SavedViewCreate } from '@sightline/service';
import type { GroupStatus } from '@sightline/service/vocabulary';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client.js';
import type { GroupDetail } from './types.js';

/** Cache keys: the inbox pages, one group, the sources, status, saved views. */
export const queryKeys = {
  inbox: (params: InboxQueryParams) => ['inbox', params] as const,
  inboxAll: ['inbox'] as const,
  group: (id: string) => ['group', id] as const,
  sources: ['sources'] as const,
  status: ['status'] as const,
  settings: ['settings'] as const,
  projects: ['projects'] as const,
  views: ['views'] as const,
};

/** The inbox for `params` (previous page kept on screen while filters change). */
export function useInbox(params: InboxQueryParams) {
  return useQuery({
    queryKey: queryKeys.inbox(params),
    queryFn: () => api.inbox(params),
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

/** Sets a group's status; the group and the inbox pick up the answer. */
export function useSetStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: GroupStatus }) => api.setStatus(id, status),
    onSuccess: (group) => {
      client.setQueryData<GroupDetail>(queryKeys.group(group.id), (detail) =>
        detail ? { ...detail, group } : detail,
      );
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
