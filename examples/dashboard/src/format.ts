/** Display formatting shared by the pages and by the declared facts (so both say the same). */
import { NOW } from './data/filters.js';

const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/**
 * @param value - a count.
 * @returns the count with thousands separators, e.g. `12,408`.
 */
export function formatCount(value: number): string {
  return integer.format(value);
}

/**
 * @param fraction - a ratio in [0, 1].
 * @param digits - decimals shown. Default 2.
 * @returns a percentage, e.g. `99.21%`.
 */
export function formatPercent(fraction: number, digits = 2): string {
  return `${(fraction * 100).toFixed(digits)}%`;
}

/**
 * @param ms - a duration, milliseconds.
 * @returns e.g. `412 ms`.
 */
export function formatMs(ms: number): string {
  return `${integer.format(ms)} ms`;
}

/**
 * @param time - epoch milliseconds.
 * @returns UTC date and time, e.g. `2026-11-30 09:00 UTC`.
 */
export function formatTime(time: number): string {
  return `${new Date(time).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/**
 * @param time - epoch milliseconds.
 * @returns the UTC date, e.g. `2026-11-30`.
 */
export function formatDate(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

/**
 * How long ago `time` was, as issue lists show it.
 * @param time - epoch milliseconds, not after `now`.
 * @param now - epoch milliseconds of "now". Default: the sample data's fixed now.
 * @returns e.g. `45min`, `5h`, `12d`.
 */
export function formatAge(time: number, now: number = NOW): string {
  const minutes = Math.max(0, Math.round((now - time) / 60_000));
  if (minutes < 60) return `${minutes}min`;
  if (minutes < 48 * 60) return `${Math.round(minutes / 60)}h`;
  return `${Math.round(minutes / 1440)}d`;
}
