/** What the issue detail page shows: event counts, daily series and tags of one issue. */
import { ENVIRONMENTS, HISTORY_HOURS, NOW } from './filters.js';
import type { TagCount, TagKey } from './issue-tags.js';
import { firstSeen, type Issue, issueEvents, issueUsers, lastSeen } from './issues.js';

/** Counts and times of one issue. */
export interface IssueSummary {
  /** Events over the 14 days of history, all environments. */
  events: number;
  users: number;
  /** Events in the last 24 hours, all environments. */
  events24h: number;
  firstSeen: number;
  lastSeen: number;
  /** Events per day, oldest first (14 points). */
  daily: { time: number; value: number }[];
  /** Tag distributions by key, including `environment`. */
  tags: Record<TagKey, TagCount[]>;
}

/**
 * @param issue - the issue.
 * @returns its counts, series and tags.
 */
export function issueSummary(issue: Issue): IssueSummary {
  const events = issueEvents(issue, HISTORY_HOURS);
  const days = HISTORY_HOURS / 24;
  const daily = Array.from({ length: days }, (_, day) => ({
    time: NOW - (days - day) * 86_400_000 + 3_600_000,
    value: ENVIRONMENTS.reduce(
      (sum, env) =>
        sum + issue.hourly[env].slice(day * 24, day * 24 + 24).reduce((a, b) => a + b, 0),
      0,
    ),
  }));
  const environment = ENVIRONMENTS.map((env) => ({
    value: env,
    count: issueEvents(issue, HISTORY_HOURS, env),
  }))
    .filter((tag) => tag.count > 0)
    .sort((a, b) => b.count - a.count);
  return {
    events,
    users: issueUsers(issue, events),
    events24h: issueEvents(issue, 24),
    firstSeen: firstSeen(issue),
    lastSeen: lastSeen(issue),
    daily,
    tags: { ...issue.tags, environment },
  };
}
