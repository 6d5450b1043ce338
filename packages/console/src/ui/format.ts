/** Formatting shared by the pages: relative times, percentages, durations, intervals. */

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];
const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto', style: 'narrow' });

/** "3 min. ago" for an ISO time, against `now` (ms since the epoch). */
export function timeAgo(iso: string, now = Date.now()): string {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  if (Number.isNaN(seconds)) return '—';
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size || unit === 'second') {
      return relative.format(Math.round(seconds / size), unit);
    }
  }
  return '—';
}

/** `toLocaleString('en')`'s fields, made once: a formatter per call costs more than the row. */
const FULL_TIME = new Intl.DateTimeFormat('en', {
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/** A full local date and time for tooltips (`11/1/2026, 8:00:00 AM`). */
export function fullTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : FULL_TIME.format(date);
}

/** 0.734 → "73%". */
export function percent(fraction: number): string {
  return `${Math.round(fraction * 100)}%`;
}

/** 1234 ms → "1.2 s". */
export function duration(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/**
 * How often something recurs, in whole seconds, minutes and hours: 30,000 ms → "30 s",
 * 60,000 → "1 min", 90,000 → "1 min 30 s", 5,400,000 → "1 h 30 min" (a poll interval given in
 * seconds was shown rounded to minutes: 30 s as "1 min").
 */
export function interval(ms: number): string {
  const seconds = Math.max(1, Math.round(ms / 1000));
  const parts: [number, string][] = [
    [Math.floor(seconds / 3600), 'h'],
    [Math.floor((seconds % 3600) / 60), 'min'],
    [seconds % 60, 's'],
  ];
  return parts
    .filter(([value]) => value > 0)
    .map(([value, unit]) => `${value} ${unit}`)
    .join(' ');
}

/** `path:start-end` of an affected file (`path:start` for one line; lines 1-based). */
export function location(file: { path: string; lines: [number, number] }): string {
  const [start, end] = file.lines;
  return `${file.path}:${start === end ? start : `${start}-${end}`}`;
}
