/**
 * Merging checked groups by hand (Sentry's merge): pick the group the others join, merge, and
 * undo right away if it was a mistake (each merged group can also be unmerged from the page of
 * the group it joined).
 */
import { useState } from 'react';
import { useMerge } from '../api/queries.js';
import type { InboxRow } from '../api/types.js';
import { useOneAtATime } from '../ui/use-one-at-a-time.js';
import { clearChecked, updateTriage } from './triage-session.js';

/** Props of {@link MergeControl}. */
export interface MergeControlProps {
  /** The checked groups, two or more. */
  groups: InboxRow[];
  /** Says what the merge did; `merged`: the groups merged away (to undo). */
  onMerged: (notice: string, merged?: string[]) => void;
}

/** The control. */
export function MergeControl({ groups, onMerged }: MergeControlProps) {
  const merge = useMerge();
  const mergeOnce = useOneAtATime(merge);
  const [into, setInto] = useState('');
  const target = groups.find((group) => group.id === into) ?? groups[0];
  if (!target) return null;
  const others = groups.filter((group) => group.id !== target.id);
  const run = () => {
    // What a refusal part-way leaves merged, so it can be undone too.
    const merged: string[] = [];
    mergeOnce(
      { ids: others.map((group) => group.id), into: target.id, done: (id) => merged.push(id) },
      {
        onSuccess: () => {
          updateTriage(clearChecked);
          onMerged(
            `Merged ${others.length} group${others.length === 1 ? '' : 's'} into “${target.title}”.`,
            merged,
          );
        },
        onError: (error) =>
          onMerged(
            merged.length > 0
              ? `${error.message} (${merged.length} of ${others.length} merged before it.)`
              : error.message,
            merged,
          ),
      },
    );
  };
  return (
    <span className="merge">
      <label className="filter">
        <span>Merge into</span>
        <select value={target.id} onChange={(event) => setInto(event.target.value)}>
          {groups.map((group) => (
            <option key={group.id} value={group.id}>
              {group.title.slice(0, 60)}
            </option>
          ))}
        </select>
      </label>
      <button type="button" disabled={merge.isPending} onClick={run}>
        Merge {others.length + 1} groups
      </button>
    </span>
  );
}
