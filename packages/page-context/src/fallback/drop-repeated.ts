/**
 * The outline never repeats what opted-in components already said: an outline line whose content
 * the semantic part (the registry's Markdown) already carries is dropped — a table row whose every
 * cell is there, a heading or run of text found there whole. Opted-in containers are walked for
 * what no node describes (see `outline.ts`); this removes what their nodes do describe (a table's
 * rows under an opted-in page or toolbar), by content rather than by guessing which element a node
 * covers. Controls are kept: their current value is a fact of the control itself.
 */
import type { OutlineItem } from './outline.js';

function normalize(text: string): string {
  return text.replace(/\s+/g, ' ').trim().toLowerCase();
}

/** Lines that only open a structure (`table`, `region Deploys`): kept while they hold something. */
const STRUCTURE =
  /^(table|grid|treegrid|region|main|form|search|banner|contentinfo|complementary|navigation)( |$)/;

/** The content of an outline line, as parts that must each be found (cells), or `undefined` to keep it. */
function contentParts(text: string): string[] | undefined {
  if (text.startsWith('[')) return undefined; // a control, an image: kept
  if (text.startsWith('|')) {
    return text
      .slice(1, -1)
      .split(/(?<!\\)\|/)
      .map((cell) => normalize(cell.replaceAll('\\|', '|')))
      .filter((cell) => cell !== '');
  }
  const heading = /^h[1-6] (.*)$/.exec(text);
  return [normalize(heading ? (heading[1] ?? '') : text.replace(/^- /, ''))];
}

/**
 * Drops outline lines the semantic Markdown already carries.
 * @param items - the outline's items (`outlineItems`).
 * @param semantic - the registry's Markdown sent with it.
 * @returns the items without repeated lines; pointers to nodes and lines of structure kept.
 */
export function dropRepeated(items: OutlineItem[], semantic: string): OutlineItem[] {
  const said = normalize(semantic);
  const kept = items.filter((item) => {
    if (item.kind === 'node' || STRUCTURE.test(item.text)) return true;
    const parts = contentParts(item.text);
    if (!parts || parts.length === 0) return true;
    return !parts.every((part) => said.includes(part));
  });
  // A table whose rows were all dropped goes too.
  return kept.filter((item, index) => {
    if (item.kind === 'node' || !/^(table|grid|treegrid)( |$)/.test(item.text)) return true;
    const next = kept[index + 1];
    return next !== undefined && next.depth > item.depth;
  });
}
