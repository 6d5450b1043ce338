/**
 * Reading text out of HTML the way a reader sees it, for data sets that keep reports as saved
 * issue pages (AndroR2) or as rendered HTML inside an export (JIRA's XML view).
 */
import { type DefaultTreeAdapterMap, parseFragment } from 'parse5';

/** A parse5 node of either kind. */
export type HtmlNode = DefaultTreeAdapterMap['parentNode'] | DefaultTreeAdapterMap['childNode'];

/** The first element (document order) whose class list has `name`. */
export function findByClass(node: HtmlNode, name: string): HtmlNode | undefined {
  if (
    'attrs' in node &&
    node.attrs.some((a) => a.name === 'class' && a.value.split(/\s+/).includes(name))
  )
    return node;
  for (const child of 'childNodes' in node ? node.childNodes : []) {
    const found = findByClass(child, name);
    if (found) return found;
  }
  return undefined;
}

/** The text of an element as a reader sees it: text nodes, with line breaks at blocks. */
export function textOf(node: HtmlNode | undefined): string {
  if (!node) return '';
  if (node.nodeName === '#text' && 'value' in node) return node.value;
  const inner = ('childNodes' in node ? node.childNodes : []).map(textOf).join('');
  return /^(p|div|pre|li|h\d|tr|br|blockquote)$/.test(node.nodeName) ? `${inner}\n` : inner;
}

/** The text of an HTML fragment (entities decoded, tags dropped, blocks on their own lines). */
export function htmlText(html: string): string {
  return textOf(parseFragment(html));
}
