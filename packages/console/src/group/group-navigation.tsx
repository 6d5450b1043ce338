/**
 * Next and previous on a group page: steps through the inbox list the group was opened from (its
 * filters and order, kept by the triage session), with `j`/`k` or the links; `Esc` or `u` goes
 * back to that list with the group focused.
 */
import { useEffect } from 'react';
import { isTyping } from '../inbox/inbox-filters.js';
import { focusRow, neighbours, updateTriage, useTriageSession } from '../inbox/triage-session.js';
import { hrefFor, navigate } from '../router.js';

/** The links (and keys) of group `id`. */
export function GroupNavigation({ id }: { id: string }) {
  const session = useTriageSession();
  const place = neighbours(session, id);
  // The group opened is the inbox's focused row when coming back.
  useEffect(() => updateTriage((state) => focusRow(state, id)), [id]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (isTyping(event.target) || event.metaKey || event.ctrlKey || event.altKey) return;
      const target =
        event.key === 'j' ? place?.next : event.key === 'k' ? place?.previous : undefined;
      if (target) {
        event.preventDefault();
        navigate({ name: 'group', id: target });
      } else if (event.key === 'Escape' || event.key === 'u') {
        navigate({ name: 'inbox', filters: session.filters });
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [place, session.filters]);
  if (!place) return null;
  return (
    <nav className="group-navigation" aria-label="Groups of the inbox">
      {place.previous ? (
        <a href={hrefFor({ name: 'group', id: place.previous })} rel="prev">
          ‹ Previous <kbd>k</kbd>
        </a>
      ) : (
        <span className="muted">‹ Previous</span>
      )}
      <span className="muted">
        {place.position} of {place.total}
      </span>
      {place.next ? (
        <a href={hrefFor({ name: 'group', id: place.next })} rel="next">
          Next <kbd>j</kbd> ›
        </a>
      ) : (
        <span className="muted">Next ›</span>
      )}
    </nav>
  );
}
