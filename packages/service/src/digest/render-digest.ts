/**
 * A digest as a message: Slack's `mrkdwn` for an incoming webhook (links `<url|text>`, with `&`,
 * `<` and `>` escaped as Slack's "Formatting text" docs ask), plain text for e-mail. One line per
 * group: label, title, reports, and the suspect file:line (file:start-end when the diagnosis quotes
 * no line in its range) with the diagnosis' confidence in words and whether its evidence is
 * grounded in the code (verified) or not, then the root cause; or "no cause found", or where its
 * investigation is. "Verified" alone beside a low confidence reads as "right", so the line says
 * the confidence first.
 */
import { confidenceWords } from '@sightline/investigator';
import type { Digest, DigestItem, DigestSection } from './collect-digest.js';

/** How a message is written. */
export type DigestStyle = 'slack' | 'plain';

/** Options of {@link renderDigest}. */
export interface RenderDigestOptions {
  style: DigestStyle;
  /** The console's address, for a link to each group. Default: no links. */
  consoleUrl?: string;
  /** Projects are named on each line only when the digest spans several. Default: from the items. */
  showProject?: boolean;
}

/** `likely right (72%), grounded` — the confidence, and whether the evidence is in the code. */
function suspectTrust({ confidence, outcome }: DigestItem): string {
  const grounded = outcome === 'verified' ? 'grounded' : 'not grounded';
  return confidence === undefined ? grounded : `${confidenceWords(confidence)}, ${grounded}`;
}

/** The subject line (e-mail) and headline (webhook) of a digest. */
export function digestSubject(digest: Digest): string {
  const parts = [
    count(digest.newGroups.total, 'new group'),
    count(digest.regressions.total, 'regression'),
    count(digest.diagnoses.total, 'diagnosis', 'diagnoses'),
  ];
  return `Sightline digest: ${parts.join(', ')} since ${shortTime(digest.since)}`;
}

/**
 * Writes a digest as a message.
 * @returns the text: the headline, then one paragraph per non-empty section (at most the
 *   collected items, then "…and N more").
 */
export function renderDigest(digest: Digest, options: RenderDigestOptions): string {
  const { style } = options;
  const projects = new Set(
    [digest.newGroups, digest.regressions, digest.diagnoses].flatMap((section) =>
      section.items.map((item) => item.project),
    ),
  );
  const showProject = options.showProject ?? projects.size > 1;
  const escapeText = style === 'slack' ? escapeSlack : (text: string) => text;
  const heading = (text: string) => (style === 'slack' ? `*${text}*` : text);
  const line = (item: DigestItem) => {
    const where =
      item.suspect && item.outcome !== 'no-cause'
        ? `suspect ${code(`${item.suspect.path}:${item.suspect.line ?? item.suspect.lines.join('-')}`, style)}${item.suspect.symbol ? ` (${escapeText(item.suspect.symbol)})` : ''}: ${suspectTrust(item)}`
        : escapeText(item.outcome === 'no-cause' ? 'no cause found' : investigationText(item));
    const parts = [
      `[${item.label}]`,
      ...(showProject ? [`${escapeText(item.project)}:`] : []),
      link(escapeText(oneLine(item.title, 100)), item.groupId, options),
      `(${count(item.count, 'report')})`,
      `— ${where}`,
    ];
    const cause = item.rootCause ? `\n    ${escapeText(oneLine(item.rootCause, 200))}` : '';
    return `• ${parts.join(' ')}${cause}`;
  };
  const section = (title: string, { items, total }: DigestSection) =>
    total === 0
      ? []
      : [
          [
            heading(`${title} (${total})`),
            ...items.map(line),
            ...(total > items.length ? [`…and ${total - items.length} more in the console.`] : []),
          ].join('\n'),
        ];
  const paragraphs = [
    heading(escapeText(digestSubject(digest))),
    ...section('New groups', digest.newGroups),
    ...section('Regressions', digest.regressions),
    ...section('Diagnoses finished', digest.diagnoses),
  ];
  if (paragraphs.length === 1) paragraphs.push('Nothing new.');
  return `${paragraphs.join('\n\n')}\n`;
}

/** Where a group without a diagnosis stands. */
function investigationText({ investigation }: DigestItem): string {
  if (investigation.state === 'failed')
    return `investigation failed: ${oneLine(investigation.reason ?? '', 120)}`;
  if (investigation.state === 'not-investigated') return 'not investigated';
  return `investigation ${investigation.state}`;
}

function link(text: string, groupId: string, { style, consoleUrl }: RenderDigestOptions): string {
  if (!consoleUrl) return text;
  const url = `${consoleUrl}/#/groups/${encodeURIComponent(groupId)}`;
  return style === 'slack' ? `<${url}|${text}>` : `${text} <${url}>`;
}

function code(text: string, style: DigestStyle): string {
  return style === 'slack' ? `\`${escapeSlack(text)}\`` : text;
}

/** Slack's three control characters, escaped. */
function escapeSlack(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function oneLine(text: string, max: number): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

function count(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** `2026-12-02 08:00 UTC`. */
function shortTime(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}
