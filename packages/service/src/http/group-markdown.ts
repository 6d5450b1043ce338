/**
 * `GET /api/groups/:id/markdown?style=markdown|github`: the group's latest diagnosis as Markdown
 * (the investigator's report) or as a GitHub issue comment (no top heading, the long tables folded
 * into `<details>`), for the console's copy buttons and for scripts.
 */
import { SightlineError } from '@sightline/core';
import { proseText, renderDiagnosisMarkdown } from '@sightline/investigator';
import type { Store } from '../store/index.js';

/** Sections folded into `<details>` in a GitHub comment. */
const FOLDED = ['Suspects', 'Stats'];

/**
 * @param style - `markdown` (the report as `sightline investigate` prints it) or `github`.
 * @returns the text, ending with a newline.
 * @throws SightlineError `STORE_ENTRY_NOT_FOUND` for an unknown group or one without a diagnosis.
 */
export async function groupMarkdown(
  store: Store,
  groupId: string,
  style: 'markdown' | 'github',
): Promise<string> {
  const group = await store.groups.get(groupId);
  const [latest] = await store.diagnoses.listOfGroup(group.id);
  if (!latest) {
    throw new SightlineError({
      code: 'STORE_ENTRY_NOT_FOUND',
      message: `Group ${group.id} has no diagnosis yet; wait for its investigation or re-investigate it.`,
    });
  }
  const markdown = renderDiagnosisMarkdown(latest.diagnosis);
  if (style === 'markdown') return markdown;
  const sections = markdown.split(/\n(?=## )/);
  const body = sections.slice(1).map((section) => {
    const [heading = '', ...rest] = section.split('\n');
    const name = heading.replace(/^## /, '');
    if (!FOLDED.includes(name)) return section.replace(/^## /, '### ');
    return `<details><summary>${name}</summary>\n${rest.join('\n').trimEnd()}\n\n</details>\n`;
  });
  const method = latest.method === 'agent' ? `model ${latest.model ?? ''}`.trim() : 'offline';
  return `**Sightline diagnosis** of “${proseText(group.title)}” (version ${latest.version}, ${method})\n\n${body.join('\n')}`;
}
