/**
 * The inbox's filter bar: label, status, priority, assignee, source, release, platform and project
 * selects, a text search (`/` focuses it) and the sort order. Filters live in the address bar, so a filtered inbox is a link. Opted in as the
 * `filters` node (the filters in effect).
 */
import { usePageContext, withPageContext } from '@sightline/page-context/react';
import {
  GROUP_PRIORITIES,
  GROUP_STATUSES,
  INBOX_SORTS,
  REPORT_LABELS,
  SOURCE_KINDS,
} from '@sightline/service/vocabulary';
import { useEffect, useRef, useState } from 'react';
import { type InboxFilters as Filters, navigate } from '../router.js';

/** Props of {@link InboxFilters}. */
export interface InboxFiltersProps {
  filters: Filters;
  projects: { id: string; name: string }[];
  /** Names groups are assigned to. */
  assignees: string[];
  /** Releases and platforms to offer: those of the rows listed (the filter's own value is added). */
  releases: string[];
  platforms: string[];
}

/** Ms between the last keystroke and the search. */
const SEARCH_DEBOUNCE_MS = 250;

function Select(props: {
  name: keyof Filters;
  label: string;
  options: readonly string[] | { id: string; name: string }[];
  filters: Filters;
  /** The first option (value ''): `All` unless given. */
  any?: string;
}) {
  const { name, label, options, filters, any = 'All' } = props;
  return (
    <label className="filter">
      <span>{label}</span>
      <select
        name={name}
        value={filters[name] ?? ''}
        onChange={(event) =>
          navigate({
            name: 'inbox',
            filters: { ...filters, [name]: event.target.value || undefined },
          })
        }
      >
        <option value="">{any}</option>
        {options.map((option) =>
          typeof option === 'string' ? (
            <option key={option} value={option}>
              {option}
            </option>
          ) : (
            <option key={option.id} value={option.id}>
              {option.name}
            </option>
          ),
        )}
      </select>
    </label>
  );
}

/** `values` without repeats, with the filter's `current` value, sorted (releases: newest first). */
function offered(values: string[], current: string | undefined, newestFirst = false): string[] {
  const all = [...new Set([...values, ...(current ? [current] : [])])];
  const order = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });
  return all.sort(newestFirst ? (a, b) => order(b, a) : order);
}

function InboxFiltersView(props: InboxFiltersProps) {
  const { filters, projects, assignees, releases, platforms } = props;
  usePageContext({
    label: filters.label ?? 'all',
    status: filters.status ?? 'all',
    priority: filters.priority ?? 'all',
    assignee: filters.assignee ?? 'all',
    source: filters.source ?? 'all',
    release: filters.release ?? 'all',
    platform: filters.platform ?? 'all',
    project: projects.find((p) => p.id === filters.project)?.name ?? 'all',
    search: filters.q ?? '',
    sort: filters.sort ?? 'newest',
  });
  const [text, setText] = useState(filters.q ?? '');
  const search = useRef<HTMLInputElement>(null);
  useEffect(() => setText(filters.q ?? ''), [filters.q]);
  useEffect(() => {
    if (text === (filters.q ?? '')) return;
    const timer = setTimeout(
      () => navigate({ name: 'inbox', filters: { ...filters, q: text || undefined } }),
      SEARCH_DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [text, filters]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== '/' || isTyping(event.target)) return;
      event.preventDefault();
      search.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <search className="filters" aria-label="Filters">
      <label className="filter search">
        <span>Search</span>
        <input
          ref={search}
          type="search"
          placeholder="Titles and report text…  ( / )"
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </label>
      <Select name="label" label="Label" options={REPORT_LABELS} filters={filters} />
      <Select name="status" label="Status" options={GROUP_STATUSES} filters={filters} />
      <Select
        name="priority"
        label="Priority"
        options={[...GROUP_PRIORITIES, 'none']}
        filters={filters}
      />
      <Select
        name="assignee"
        label="Assignee"
        options={[
          { id: 'none', name: 'unassigned' },
          ...[
            ...new Set([
              ...assignees,
              ...(filters.assignee && filters.assignee !== 'none' ? [filters.assignee] : []),
            ]),
          ].map((name) => ({ id: name, name })),
        ]}
        filters={filters}
      />
      <Select name="source" label="Source" options={SOURCE_KINDS} filters={filters} />
      <Select
        name="release"
        label="Release"
        options={offered(releases, filters.release, true)}
        filters={filters}
      />
      <Select
        name="platform"
        label="Platform"
        options={offered(platforms, filters.platform)}
        filters={filters}
      />
      {projects.length > 1 ? (
        <Select name="project" label="Project" options={projects} filters={filters} />
      ) : null}
      <Select
        name="sort"
        label="Sort"
        any="newest"
        options={INBOX_SORTS.slice(1)}
        filters={filters}
      />
    </search>
  );
}

/** Inputs that take no typing: a key pressed on them is a shortcut. */
const KEYLESS_INPUTS = ['checkbox', 'radio', 'button', 'submit', 'reset'];

/** True when a key press goes to a text field or a select (shortcuts then stay out of the way). */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target instanceof HTMLInputElement) return !KEYLESS_INPUTS.includes(target.type);
  return target.isContentEditable || ['SELECT', 'TEXTAREA'].includes(target.tagName);
}

/** The filter bar. */
export const InboxFilters = withPageContext('filters', InboxFiltersView, {
  id: () => 'inbox-filters',
  priority: 8,
});
