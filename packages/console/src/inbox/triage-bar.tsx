/**
 * The triage bar above the inbox's rows: what the bulk actions apply to (the checked rows, else
 * the focused one), and a status, a priority and an assignee to set on them — the same changes
 * as the status, priority and `a` keys. With two or more rows checked, it merges them.
 */
import { GROUP_PRIORITIES, GROUP_STATUSES } from '@sightline/service/vocabulary';
import { type FormEvent, type RefObject, useState } from 'react';
import type { TriageChange } from '../api/client.js';
import type { InboxRow } from '../api/types.js';
import { OptionList } from '../ui/option-list.js';
import { MergeControl } from './merge-control.js';
import { priorityLegend } from './triage-keys.js';

/** Props of {@link TriageBar}. */
export interface TriageBarProps {
  /** The rows the bar's actions apply to, in list order. */
  targets: InboxRow[];
  /** True when the targets are checked rows (false: the focused row). */
  checked: boolean;
  /** Names in use, suggested by the assignee field. */
  assignees: string[];
  /** The assignee field (`a` focuses it). */
  assigneeField: RefObject<HTMLInputElement | null>;
  apply: (change: TriageChange) => void;
  busy: boolean;
  /** What the last action did, or why it failed. */
  notice: string;
  onUncheckAll: () => void;
  /** Shows what a merge did; `merged`: the groups it merged away. */
  onMerged: (notice: string, merged?: string[]) => void;
  /** Undoes the last merge; absent: nothing to undo. */
  undoMerge?: (() => void) | undefined;
}

/** The bar. */
export function TriageBar(props: TriageBarProps) {
  const { targets, checked, assignees, assigneeField, apply, busy, notice } = props;
  const [assignee, setAssignee] = useState('');
  const none = targets.length === 0;
  const assign = (event: FormEvent) => {
    event.preventDefault();
    apply({ assignee: assignee.trim() || null });
    setAssignee('');
    assigneeField.current?.blur();
  };
  const what = none
    ? 'Focus a row (j/k) or check rows (x, shift-click)'
    : checked
      ? `${targets.length} checked`
      : '1 focused';
  return (
    <section className="triage-bar" aria-label="Triage">
      <span className="triage-targets">{what}</span>
      <label className="filter">
        <span>Set status</span>
        <select
          value=""
          disabled={none || busy}
          onChange={(event) => {
            const status = GROUP_STATUSES.find((value) => value === event.target.value);
            if (status) apply({ status });
          }}
        >
          <option value="">r · i · t · n</option>
          <OptionList values={GROUP_STATUSES} />
        </select>
      </label>
      <label className="filter">
        <span>Set priority</span>
        <select
          value=""
          disabled={none || busy}
          title={priorityLegend(GROUP_PRIORITIES)}
          onChange={(event) => {
            const value = event.target.value;
            if (value === 'none') apply({ priority: null });
            const priority = GROUP_PRIORITIES.find((level) => level === value);
            if (priority) apply({ priority });
          }}
        >
          <option value="">1 – 4 · 0</option>
          <OptionList values={GROUP_PRIORITIES} />
          <option value="none">none</option>
        </select>
      </label>
      <form className="assign" onSubmit={assign}>
        <label className="filter">
          <span>Assign to ( a )</span>
          <input
            ref={assigneeField}
            value={assignee}
            list="assignee-names"
            maxLength={100}
            placeholder="name; empty: unassign"
            disabled={none || busy}
            onChange={(event) => setAssignee(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape') event.currentTarget.blur();
            }}
          />
        </label>
        <datalist id="assignee-names">
          {assignees.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
        <button type="submit" disabled={none || busy}>
          Assign
        </button>
      </form>
      {checked && targets.length >= 2 ? (
        <MergeControl groups={targets} onMerged={props.onMerged} />
      ) : null}
      {checked ? (
        <button type="button" className="link" onClick={props.onUncheckAll}>
          Uncheck all (Esc)
        </button>
      ) : null}
      <output className="notice" aria-live="polite">
        {notice}
      </output>
      {props.undoMerge ? (
        <button type="button" onClick={props.undoMerge}>
          Undo merge
        </button>
      ) : null}
    </section>
  );
}
