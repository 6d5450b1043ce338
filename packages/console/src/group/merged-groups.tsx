/**
 * Merges on a group page: the groups merged into this one by hand, each with Unmerge (what the
 * merge moved comes back), and on a group that was merged away, where it went and Unmerge.
 */
import { useUnmerge } from '../api/queries.js';
import type { GroupDetail } from '../api/types.js';
import { hrefFor } from '../router.js';
import { useOneAtATime } from '../ui/use-one-at-a-time.js';

/** The panel; nothing when the group took part in no merge. */
export function MergedGroups({ detail }: { detail: GroupDetail }) {
  const unmerge = useUnmerge();
  const unmergeOnce = useOneAtATime(unmerge);
  const { group, merged } = detail;
  if (!group.mergedInto && merged.length === 0) return null;
  return (
    <section className="panel merged-groups" aria-labelledby="merged-heading">
      <h2 id="merged-heading">Merged groups</h2>
      {group.mergedInto ? (
        <p>
          This group was merged into{' '}
          <a href={hrefFor({ name: 'group', id: group.mergedInto })}>another group</a>, which holds
          its reports now; it is hidden from the inbox.{' '}
          <button
            type="button"
            disabled={unmerge.isPending}
            onClick={() => unmergeOnce({ ids: [group.id] })}
          >
            Unmerge
          </button>
        </p>
      ) : null}
      {merged.length > 0 ? (
        <ul>
          {merged.map((other) => (
            <li key={other.id}>
              <a href={hrefFor({ name: 'group', id: other.id })}>{other.title}</a>{' '}
              <button
                type="button"
                disabled={unmerge.isPending}
                aria-label={`Unmerge ${other.title.slice(0, 80)}`}
                onClick={() => unmergeOnce({ ids: [other.id] })}
              >
                Unmerge
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {unmerge.error ? (
        <p className="state error" role="alert">
          {unmerge.error.message}
        </p>
      ) : null}
    </section>
  );
}
