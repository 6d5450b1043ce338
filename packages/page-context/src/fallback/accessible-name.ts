/**
 * Accessible names, simplified from the W3C "Accessible Name and Description Computation 1.2"
 * (https://www.w3.org/TR/accname-1.2/): `aria-labelledby`, `aria-label`, the native label (`<label>`,
 * `alt`, `<caption>`, `<legend>`, button `value`), text content for roles named from content, then
 * `title` and `placeholder`. Enough for an outline; not a conformance-grade implementation.
 */
import { cutLine } from '@sightline/core';
import { collapseWhitespace, displayedValue, isRendered, isTextVisible } from './visibility.js';

/** Roles whose name comes from their content when nothing labels them (accname §4.3.2 list). */
const NAME_FROM_CONTENT = new Set([
  'button',
  'cell',
  'checkbox',
  'columnheader',
  'gridcell',
  'heading',
  'link',
  'menuitem',
  'menuitemcheckbox',
  'menuitemradio',
  'option',
  'radio',
  'row',
  'rowheader',
  'switch',
  'tab',
  'tooltip',
  'treeitem',
]);

/** Longest accessible name kept, in characters; longer names end with `…`. */
export const MAX_NAME_LENGTH = 160;

/** Child element that names its parent: `<caption>`, `<legend>`, `<figcaption>`. */
const CAPTION_TAGS: Readonly<Record<string, string>> = {
  table: 'caption',
  fieldset: 'legend',
  figure: 'figcaption',
};

const LABELABLE = 'input, select, textarea, button, meter, output, progress';

/**
 * The visible text of `element`'s subtree, collapsed: text nodes, `alt` of images, the
 * `aria-label` of labelled descendants and the values of form fields, skipping hidden parts.
 * @param element - root of the subtree.
 * @param withFields - false: form fields inside are skipped entirely (a `<label>`'s own text).
 *   Default true.
 * @returns its text, whitespace collapsed (may be empty).
 */
export function visibleText(element: Element, withFields = true): string {
  const parts: string[] = [];
  const visit = (parent: Element): void => {
    const textShown = isTextVisible(parent);
    for (const child of parent.childNodes) {
      if (child.nodeType === 3) {
        if (textShown) parts.push(child.textContent ?? '');
      } else if (child.nodeType === 1) {
        const element = child as Element;
        if (!isRendered(element) || (!withFields && element.matches(LABELABLE))) continue;
        const label = element.getAttribute('aria-label');
        if (label) parts.push(` ${label} `);
        else if (element.localName === 'img') parts.push(` ${element.getAttribute('alt') ?? ''} `);
        else if (element.localName === 'input' || element.localName === 'textarea') {
          parts.push(` ${displayedValue(element as HTMLInputElement)} `);
        } else {
          parts.push(' ');
          visit(element);
          parts.push(' ');
        }
      }
    }
  };
  visit(element);
  return collapseWhitespace(parts.join(''));
}

function textOfIds(element: Element, ids: string): string {
  const document = element.ownerDocument;
  return collapseWhitespace(
    ids
      .split(/\s+/)
      .map((id) => {
        const target = document.getElementById(id);
        return target ? (target.getAttribute('aria-label') ?? visibleText(target)) : '';
      })
      .join(' '),
  );
}

/**
 * The text of a form field's `<label>` elements (`label[for=id]` and an enclosing `<label>`).
 * @param element - a labelable element.
 * @returns the labels' collapsed text, or `''`.
 */
function nativeLabel(element: Element): string {
  const labels = (element as HTMLInputElement).labels ?? [];
  return collapseWhitespace([...labels].map((label) => labelText(label, element)).join(' '));
}

/** Text of a label without the value of the field it wraps (nor of any other field inside). */
function labelText(label: Element, field: Element): string {
  return visibleText(label, !label.contains(field));
}

function truncateName(name: string): string {
  return cutLine(name, MAX_NAME_LENGTH).text;
}

/**
 * The accessible name of `element`, at most {@link MAX_NAME_LENGTH} characters.
 * @param element - any element.
 * @param role - its role (from `ariaRole`); decides whether content names it.
 * @returns the name, or `''` when it has none.
 */
export function accessibleName(element: Element, role: string | undefined): string {
  const labelledBy = element.getAttribute('aria-labelledby');
  const fromIds = labelledBy ? textOfIds(element, labelledBy) : '';
  if (fromIds) return truncateName(fromIds);
  const ariaLabel = collapseWhitespace(element.getAttribute('aria-label') ?? '');
  if (ariaLabel) return truncateName(ariaLabel);
  const native = nativeName(element);
  if (native) return truncateName(native);
  if (role && NAME_FROM_CONTENT.has(role)) {
    const content = visibleText(element);
    if (content) return truncateName(content);
  }
  const fallback = element.getAttribute('title') ?? element.getAttribute('placeholder') ?? '';
  return truncateName(collapseWhitespace(fallback));
}

function nativeName(element: Element): string {
  const tag = element.localName;
  if (tag === 'img' || tag === 'area') return collapseWhitespace(element.getAttribute('alt') ?? '');
  if (tag === 'input') {
    const type = (element.getAttribute('type') ?? 'text').toLowerCase();
    if (type === 'image') return collapseWhitespace(element.getAttribute('alt') ?? '');
    if (type === 'submit' || type === 'reset' || type === 'button') {
      return collapseWhitespace((element as HTMLInputElement).value || type);
    }
  }
  if (element.matches(LABELABLE)) return nativeLabel(element);
  const captionTag = CAPTION_TAGS[tag];
  const caption = captionTag ? element.querySelector(`:scope > ${captionTag}`) : null;
  return caption ? visibleText(caption) : '';
}
