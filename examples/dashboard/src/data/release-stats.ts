/** Per-release figures for the releases page: new issues, events and crash-free sessions. */
import { SESSIONS_PER_HOUR } from './dashboard-metrics.js';
import { HISTORY_HOURS, NOW } from './filters.js';
import { ISSUES, issueEvents } from './issues.js';
import { RELEASES, type Release } from './releases.js';

/** One release's row. */
export interface ReleaseStats {
  release: Release;
  /** Issues first seen in this release. */
  newIssues: number;
  /** Events of those issues over the history, all environments. */
  events: number;
  /** Fraction of production sessions since the deploy without an error of those issues (estimate). */
  crashFreeSessions: number;
}

/**
 * @returns one row per release, newest first.
 */
export function releaseStats(): ReleaseStats[] {
  return RELEASES.map((release) => {
    const issues = ISSUES.filter((issue) => issue.release === release.version);
    const events = issues.reduce((sum, issue) => sum + issueEvents(issue, HISTORY_HOURS), 0);
    const production = issues.reduce(
      (sum, issue) => sum + issueEvents(issue, HISTORY_HOURS, 'production'),
      0,
    );
    // Sessions since the deploy at the average production rate; nine in ten events end a session.
    const sessions = SESSIONS_PER_HOUR.production * ((NOW - release.deployedAt) / 3_600_000);
    return {
      release,
      newIssues: issues.length,
      events,
      crashFreeSessions: 1 - (production * 0.9) / sessions,
    };
  }).reverse();
}
