/** Releases of the sample app, oldest first, with their deploy times. */
import { NOW } from './filters.js';

/** A deployed release. */
export interface Release {
  version: string;
  /** Deploy time, epoch milliseconds. */
  deployedAt: number;
}

const HOUR = 3_600_000;

/** Six releases over the two weeks of sample data (the last one 30 hours before {@link NOW}). */
export const RELEASES: readonly [Release, ...Release[]] = [
  { version: 'web@2.9.0', deployedAt: NOW - 330 * HOUR },
  { version: 'web@2.10.0', deployedAt: NOW - 262 * HOUR },
  { version: 'web@2.11.0', deployedAt: NOW - 190 * HOUR },
  { version: 'web@2.12.0', deployedAt: NOW - 141 * HOUR },
  { version: 'web@2.13.0', deployedAt: NOW - 73 * HOUR },
  { version: 'web@2.14.0', deployedAt: NOW - 30 * HOUR },
];
