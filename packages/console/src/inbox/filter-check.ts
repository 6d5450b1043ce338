/**
 * Filters from the address bar, checked before they reach the service: a link with a filter the
 * inbox does not know (`status=done`, a label misspelled, a search past 200 characters) shows the
 * inbox without it and a sentence saying what was left out and what the filter takes, instead of
 * the API's validation error.
 */
import {
  GROUP_PRIORITIES,
  GROUP_STATUSES,
  INBOX_SORTS,
  REPORT_LABELS,
  SOURCE_KINDS,
} from '@sightline/service/vocabulary';
import type { InboxFilters } from '../router.js';

/** Values each closed filter takes. */
const ALLOWED: Partial<Record<keyof InboxFilters, readonly string[]>> = {
  label: REPORT_LABELS,
  status: GROUP_STATUSES,
  priority: [...GROUP_PRIORITIES, 'none'],
  source: SOURCE_KINDS,
  sort: INBOX_SORTS,
};

/** Longest value of the free-text filters (the service's limits), characters. */
const LONGEST: Partial<Record<keyof InboxFilters, number>> = {
  q: 200,
  assignee: 100,
  release: 100,
  platform: 50,
};

/** A filter left out, and why, in words. */
export interface RejectedFilter {
  name: keyof InboxFilters;
  value: string;
  /** `status takes new, triaged, …` or `search takes at most 200 characters`. */
  reason: string;
}

/** `filters` split into those the service takes and those it would refuse. */
export function checkFilters(filters: InboxFilters): {
  valid: InboxFilters;
  rejected: RejectedFilter[];
} {
  const valid: InboxFilters = {};
  const rejected: RejectedFilter[] = [];
  for (const [name, value] of Object.entries(filters) as [keyof InboxFilters, string][]) {
    const allowed = ALLOWED[name];
    const longest = LONGEST[name];
    if (allowed && !allowed.includes(value)) {
      rejected.push({ name, value, reason: `${name} takes ${allowed.join(', ')}` });
    } else if (longest !== undefined && value.length > longest) {
      const what = name === 'q' ? 'search' : name;
      rejected.push({ name, value, reason: `${what} takes at most ${longest} characters` });
    } else {
      valid[name] = value;
    }
  }
  return { valid, rejected };
}
