/**
 * Saved views above the inbox: named filters and sort, each a link that applies it, a button that
 * deletes it, and a form that saves the filters in effect. Opted in as the `savedViews` node (the
 * views, which one is applied) with the action `create_saved_view`, which saves a view and applies
 * it.
 */
import { usePageContext, withPageContext } from '@sightline/page-context/react';
import type { SavedViewCreate } from '@sightline/service';
import { type FormEvent, lazy, useState } from 'react';
import { useCreateSavedView, useDeleteSavedView, useSavedViews } from '../api/queries.js';
import type { SavedViewView } from '../api/types.js';
import { hrefFor, type InboxFilters, navigate } from '../router.js';
import { useOneAtATime } from '../ui/use-one-at-a-time.js';
import { WhenIdle } from '../ui/when-idle.js';
import type { CreateSavedViewInput } from './inbox-actions.js';

// `create_saved_view`, with its zod schema: after the first rows (see `inbox-page-actions.tsx`).
const SavedViewActions = lazy(() =>
  import('./inbox-page-actions.js').then((module) => ({ default: module.SavedViewActions })),
);

/** The inbox route a view applies: its filters and its sort (`newest`, the default, left out). */
function viewFilters(view: Pick<SavedViewView, 'filters' | 'sort'>): InboxFilters {
  return { ...view.filters, ...(view.sort === 'newest' ? {} : { sort: view.sort }) };
}

const hrefOf = (view: Pick<SavedViewView, 'filters' | 'sort'>) =>
  hrefFor({ name: 'inbox', filters: viewFilters(view) });

function SavedViewsView({ filters }: { filters: InboxFilters }) {
  const views = useSavedViews().data?.views ?? [];
  const create = useCreateSavedView();
  const remove = useDeleteSavedView();
  // The form and the delete buttons: one request at a time (the assistant's action awaits its own).
  const createOnce = useOneAtATime(create);
  const removeOnce = useOneAtATime(remove);
  const current = hrefFor({ name: 'inbox', filters });
  const applied = views.find((view) => hrefOf(view) === current);
  usePageContext({
    applied: applied?.name ?? 'none',
    views: views.map((view) => ({ name: view.name, ...view.filters, sort: view.sort })),
  });
  const saveAndApply = async ({ name, filters: viewFilterInput, sort }: CreateSavedViewInput) => {
    const view = await create.mutateAsync({ name, filters: viewFilterInput, sort });
    navigate({ name: 'inbox', filters: viewFilters(view) });
    return { saved: view.name, applied: hrefOf(view) };
  };
  const [name, setName] = useState('');
  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    // From the address bar, so unchecked: the service validates and the error shows below.
    const { sort = 'newest', ...rest } = filters;
    createOnce(
      { name, filters: rest as SavedViewCreate['filters'], sort: sort as SavedViewView['sort'] },
      { onSuccess: () => setName('') },
    );
  };
  return (
    <nav className="saved-views" aria-label="Saved views">
      <WhenIdle>
        <SavedViewActions save={saveAndApply} />
      </WhenIdle>
      <ul>
        {views.map((view) => (
          <li key={view.id}>
            <a href={hrefOf(view)} aria-current={view === applied ? 'page' : undefined}>
              {view.name}
            </a>
            <button
              type="button"
              className="link"
              aria-label={`Delete saved view ${view.name}`}
              disabled={remove.isPending}
              onClick={() => removeOnce(view.id)}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      <form onSubmit={save}>
        <label className="filter">
          <span>Save these filters as</span>
          <input value={name} onChange={(event) => setName(event.target.value)} maxLength={100} />
        </label>
        <button type="submit" disabled={create.isPending}>
          Save view
        </button>
      </form>
      {create.error ? (
        <p className="state error" role="alert">
          {create.error.message}
        </p>
      ) : null}
    </nav>
  );
}

/** The saved views of the inbox showing `filters`. */
export const SavedViews = withPageContext('savedViews', SavedViewsView, {
  id: () => 'saved-views',
  priority: 7,
});
