/**
 * The sample issues: one or two per error template (the second thrown from another app function),
 * with two weeks of hourly event counts per environment, an assignee, tag distributions, a stack
 * trace and a latest event, all generated from one fixed seed.
 */
import { ENVIRONMENTS, type Environment, HISTORY_HOURS, NOW } from './filters.js';
import { type GeneratedTagKey, generateTags, type TagCount } from './issue-tags.js';
import { APP_CALLERS, ISSUE_TEMPLATES, type IssueTemplate, type Level } from './issue-templates.js';
import { generateLatestEvent, type LatestEvent } from './latest-event.js';
import { between, pick, type Random, seededRandom } from './random.js';
import { RELEASES } from './releases.js';
import { generateStackTrace, type StackFrame } from './stack-trace.js';

/** Review state of an issue. */
export type IssueStatus = 'unresolved' | 'resolved' | 'ignored';

/** A group of events with the same cause. */
export interface Issue {
  /** Short id, e.g. `WEB-2F`. */
  id: string;
  title: string;
  level: Level;
  /** `function (file)` where it is thrown. */
  culprit: string;
  status: IssueStatus;
  /** Release the issue first appeared in. */
  release: string;
  /** Team member the issue is assigned to, or null. */
  assignee: string | null;
  /** Hourly event counts per environment over the history, oldest first. */
  hourly: Record<Environment, number[]>;
  /** Fraction of events that come from distinct users. */
  userRatio: number;
  /** Tag distributions over all events of the history (environment is computed from `hourly`). */
  tags: Record<GeneratedTagKey | 'release', TagCount[]>;
  frames: StackFrame[];
  latestEvent: LatestEvent;
}

const SEED = 20261130;
/** What the pages show for an issue nobody is assigned to. */
export const UNASSIGNED = 'Unassigned';
/** Team members issues are assigned to. */
const ASSIGNEES = ['Ada Moreau', 'Kenji Sato', 'Priya Nair', 'Tomás Silva', 'Lena Fischer'];
const ENV_WEIGHT: Record<Environment, number> = { production: 1, staging: 0.12, development: 0.04 };

function hourlySeries(random: Random, rate: number, startHour: number, spikeAt: number): number[] {
  const series: number[] = [];
  for (let hour = 0; hour < HISTORY_HOURS; hour++) {
    if (hour < startHour) {
      series.push(0);
      continue;
    }
    // Daily traffic cycle, peaking in the UTC afternoon, and a six-hour spike for some issues.
    const daily = 1 + 0.5 * Math.sin((2 * Math.PI * (hour - 8)) / 24);
    const spike = spikeAt >= 0 && hour >= spikeAt && hour < spikeAt + 6 ? 6 : 1;
    series.push(Math.round(rate * daily * spike * (0.7 + 0.6 * random())));
  }
  return series;
}

function generateIssue(random: Random, template: IssueTemplate, variant: number): Issue {
  const rate = Math.exp(random() * 4.5) / 4;
  const releaseIndex = Math.min(RELEASES.length - 1, Math.floor(random() ** 0.6 * RELEASES.length));
  const release = RELEASES[releaseIndex] ?? RELEASES[0];
  const startHour = Math.max(0, HISTORY_HOURS - Math.ceil((NOW - release.deployedAt) / 3_600_000));
  const spikeAt = random() < 0.3 ? between(random, startHour, HISTORY_HOURS - 6) : -1;
  const hourly = {} as Record<Environment, number[]>;
  for (const environment of ENVIRONMENTS) {
    // Some issues are worse outside production (a feature flag only on in staging, say).
    const weight =
      ENV_WEIGHT[environment] * (environment === 'production' ? 1 : 0.3 + random() * 4);
    hourly[environment] = hourlySeries(random, rate * weight, startHour, spikeAt);
  }
  const total = ENVIRONMENTS.reduce((sum, env) => sum + hourly[env].reduce((a, b) => a + b, 0), 0);
  const roll = random();
  // A second issue of a template is the same error thrown from another app function.
  const thrower = variant === 0 ? template : pick(random, APP_CALLERS);
  const seed = Math.floor(random() * 2 ** 31);
  const tags = generateTags(
    seed,
    total,
    RELEASES.slice(releaseIndex).map((r) => r.version),
  );
  return {
    id: '',
    title: template.title,
    level: template.level,
    culprit: `${thrower.fn} (${thrower.file})`,
    status: roll < 0.8 ? 'unresolved' : roll < 0.92 ? 'resolved' : 'ignored',
    release: release.version,
    assignee: random() < 0.35 ? null : pick(random, ASSIGNEES as [string]),
    hourly,
    userRatio: 0.15 + random() * 0.6,
    tags,
    frames: generateStackTrace(random, template, thrower),
    latestEvent: generateLatestEvent(seed + 1, lastSeenOf(hourly), template.title, tags),
  };
}

function generateIssues(): Issue[] {
  const random = seededRandom(SEED);
  const issues = ISSUE_TEMPLATES.flatMap((template) => {
    const variants = random() < 0.5 ? 2 : 1;
    return Array.from({ length: variants }, (_, variant) =>
      generateIssue(random, template, variant),
    );
  });
  return issues.map((issue, index) => ({
    ...issue,
    id: `WEB-${(0x1a0 + index * 7).toString(16).toUpperCase()}`,
  }));
}

/** All sample issues, in generation order. */
export const ISSUES: readonly Issue[] = generateIssues();

/**
 * @param id - a short id such as `WEB-1A0`.
 * @returns the issue, or `undefined` when there is none with that id.
 */
export function findIssue(id: string): Issue | undefined {
  return ISSUES.find((issue) => issue.id === id);
}

/**
 * Events of an issue in the last `hours` hours.
 * @param issue - the issue.
 * @param hours - window ending at the sample "now", hours.
 * @param environment - one environment, or all when omitted.
 * @returns the event count.
 */
export function issueEvents(issue: Issue, hours: number, environment?: Environment): number {
  const envs = environment ? [environment] : ENVIRONMENTS;
  let sum = 0;
  for (const env of envs) for (const count of issue.hourly[env].slice(-hours)) sum += count;
  return sum;
}

/**
 * Distinct users affected, estimated from the events and the issue's user ratio.
 * @param issue - the issue.
 * @param events - its event count in the window of interest.
 * @returns the user count.
 */
export function issueUsers(issue: Issue, events: number): number {
  return Math.round(events * issue.userRatio);
}

/**
 * @param issue - the issue.
 * @returns epoch milliseconds of the last hour with an event in any environment.
 */
export function lastSeen(issue: Issue): number {
  return lastSeenOf(issue.hourly);
}

function lastSeenOf(hourly: Record<Environment, number[]>): number {
  for (let hour = HISTORY_HOURS - 1; hour >= 0; hour--)
    if (ENVIRONMENTS.some((env) => (hourly[env][hour] ?? 0) > 0))
      return NOW - (HISTORY_HOURS - 1 - hour) * 3_600_000;
  return NOW - HISTORY_HOURS * 3_600_000;
}

/**
 * @param issue - the issue.
 * @returns epoch milliseconds of the first hour with an event.
 */
export function firstSeen(issue: Issue): number {
  for (let hour = 0; hour < HISTORY_HOURS; hour++)
    if (ENVIRONMENTS.some((env) => (issue.hourly[env][hour] ?? 0) > 0))
      return NOW - (HISTORY_HOURS - 1 - hour) * 3_600_000;
  return NOW;
}
