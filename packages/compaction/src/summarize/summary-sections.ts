/**
 * The structure of a summary message, so it survives repeated compaction: the sections after the
 * session intent can be read back from an earlier summary, folded into the next one, and what
 * stays true whatever happens later (artifacts created or changed) is carried forward by code, not
 * left to a model's memory.
 */
import type { ModelMessage } from 'ai';
import { SUMMARY_SECTIONS } from './extractive-summary.js';

/** Start of every summary message (recognised when a later compaction replaces it). */
export const SUMMARY_PREFIX = '[conversation summary]';

/** Most bullets the carried-forward artifacts section keeps (changed files always stay). */
const MAX_ARTIFACT_BULLETS = 40;
const EMPTY_BULLET = '- None recorded.';

/**
 * Whether a message is a summary written by `summarizeHistory`.
 * @param message - any message.
 * @returns true for a user message starting with {@link SUMMARY_PREFIX}.
 */
export function isSummary(message: ModelMessage | undefined): boolean {
  return summaryMessageText(message)?.startsWith(SUMMARY_PREFIX) ?? false;
}

/**
 * The sections after the session intent of a summary message (`## Artifacts created or changed`
 * onwards), or `undefined` for any other message.
 * @param message - any message.
 * @returns Markdown of the sections.
 */
export function summarySections(message: ModelMessage | undefined): string | undefined {
  const text = summaryMessageText(message);
  if (!text?.startsWith(SUMMARY_PREFIX)) return undefined;
  const start = text.indexOf(`## ${SUMMARY_SECTIONS[0]}`);
  return start >= 0 ? text.slice(start).trim() : undefined;
}

/**
 * Carries the artifacts of an earlier summary into a new one: files created or changed stay
 * created or changed, whatever the new summary remembered. Bullets of both are merged (earlier
 * first, duplicates once); past {@link MAX_ARTIFACT_BULLETS} the oldest bullets that do not name a
 * change are dropped first.
 * @param previous - sections of the earlier summary, or `undefined`.
 * @param next - sections of the new summary (all of `SUMMARY_SECTIONS`, in order).
 * @returns `next` with the merged artifacts section.
 */
export function carryArtifactsForward(previous: string | undefined, next: string): string {
  if (!previous) return next;
  const previousBullets = sectionBullets(previous, 0);
  const nextBullets = sectionBullets(next, 0);
  const merged = [...new Set([...previousBullets, ...nextBullets])].filter(
    (bullet) => bullet !== EMPTY_BULLET,
  );
  while (merged.length > MAX_ARTIFACT_BULLETS) {
    const droppable = merged.findIndex((bullet) => !/\bchang|\bcreat|\bwr[io]te/i.test(bullet));
    merged.splice(Math.max(droppable, 0), 1);
  }
  const body = merged.length > 0 ? merged.join('\n') : EMPTY_BULLET;
  return replaceSection(next, 0, body);
}

/** Bullet lines (`- …`, continuation lines attached) of section `index` of `sections`. */
function sectionBullets(sections: string, index: number): string[] {
  const bullets: string[] = [];
  for (const line of sectionBody(sections, index).split('\n')) {
    if (/^\s*[-*] /.test(line)) bullets.push(line.trim().replace(/^\* /, '- '));
    else if (line.trim() && bullets.length > 0) bullets[bullets.length - 1] += `\n${line}`;
  }
  return bullets;
}

function sectionBounds(sections: string, index: number): [number, number] {
  const heading = `## ${SUMMARY_SECTIONS[index]}`;
  const start = sections.indexOf(heading);
  if (start < 0) return [-1, -1];
  const nextHeading = SUMMARY_SECTIONS[index + 1];
  const end = nextHeading ? sections.indexOf(`## ${nextHeading}`, start) : -1;
  return [start + heading.length, end >= 0 ? end : sections.length];
}

function sectionBody(sections: string, index: number): string {
  const [start, end] = sectionBounds(sections, index);
  return start < 0 ? '' : sections.slice(start, end).trim();
}

function replaceSection(sections: string, index: number, body: string): string {
  const [start, end] = sectionBounds(sections, index);
  if (start < 0) return sections;
  return `${sections.slice(0, start)}\n\n${body}\n\n${sections.slice(end).replace(/^\s+/, '')}`;
}

function summaryMessageText(message: ModelMessage | undefined): string | undefined {
  if (message?.role !== 'user') return undefined;
  if (typeof message.content === 'string') return message.content;
  const first = message.content[0];
  return first?.type === 'text' ? first.text : undefined;
}
