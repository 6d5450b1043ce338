/**
 * What of the DOM a person can see. Hidden subtrees (`hidden`, `aria-hidden="true"`,
 * `display: none`, closed `<details>` bodies) and non-content elements (`<script>`, `<style>`,
 * `<template>` …) are skipped by every fallback renderer. `getComputedStyle` is used where the
 * document has a window (browsers, jsdom); without one only attributes are checked.
 */

import { PAGE_CONTEXT_IGNORE_ATTRIBUTE } from './node-attribute.js';

/** Elements that never render text a person reads. */
const NON_CONTENT_TAGS = new Set([
  'script',
  'style',
  'template',
  'noscript',
  'head',
  'meta',
  'link',
  'title',
  'base',
  'iframe',
  'object',
  'embed',
]);

/**
 * The computed style of `element`, where its document has a window (browsers, jsdom).
 * @param element - the element to read.
 * @returns its live `CSSStyleDeclaration`, or `undefined` without a window.
 */
export function computedStyle(element: Element): CSSStyleDeclaration | undefined {
  const view = element.ownerDocument.defaultView;
  return typeof view?.getComputedStyle === 'function' ? view.getComputedStyle(element) : undefined;
}

/**
 * True when `element` and its subtree may be shown: not a non-content tag, not `hidden`, not
 * marked with {@link PAGE_CONTEXT_IGNORE_ATTRIBUTE}, not
 * `aria-hidden="true"`, not `<input type="hidden">`, not `display: none`, and not inside a closed
 * `<details>` (other than its `<summary>`). Ancestors are not checked: callers walk top-down.
 * @param element - the element to test.
 * @returns whether to descend into it.
 */
export function isRendered(element: Element): boolean {
  const tag = element.localName;
  if (NON_CONTENT_TAGS.has(tag)) return false;
  if (element.hasAttribute('hidden') || element.hasAttribute(PAGE_CONTEXT_IGNORE_ATTRIBUTE))
    return false;
  if (element.getAttribute('aria-hidden') === 'true') return false;
  if (tag === 'input' && element.getAttribute('type')?.toLowerCase() === 'hidden') return false;
  const parent = element.parentElement;
  if (parent?.localName === 'details' && !parent.hasAttribute('open') && tag !== 'summary') {
    return false;
  }
  return computedStyle(element)?.display !== 'none';
}

/**
 * {@link isRendered} for `element` and every ancestor below `root`: for elements found by a query
 * (`querySelectorAll`) rather than by a top-down walk, whose hidden ancestors were not checked.
 * @param element - an element inside `root`.
 * @param root - where the check stops (not itself checked: the caller walked into it).
 * @returns whether `element` is shown as far as the subtree of `root` decides.
 */
export function isRenderedWithin(element: Element, root: Element): boolean {
  for (let at: Element | null = element; at && at !== root; at = at.parentElement) {
    if (!isRendered(at)) return false;
  }
  return true;
}

/**
 * True when the text directly inside `element` is painted: it is not a closed `<details>` (whose
 * loose text is its hidden body) and its computed `visibility` is neither `hidden` nor `collapse`
 * (visibility is inherited, so a visible child of a hidden parent shows).
 * @param element - the parent of the text nodes.
 * @returns whether its own text is visible; true where no computed style is available.
 */
export function isTextVisible(element: Element): boolean {
  // Text directly inside a closed `<details>` is its hidden body, like its element children.
  if (element.localName === 'details' && !element.hasAttribute('open')) return false;
  const visibility = computedStyle(element)?.visibility;
  return visibility !== 'hidden' && visibility !== 'collapse';
}

/**
 * Collapses runs of whitespace to one space and trims the ends, as HTML layout does outside `<pre>`.
 * @param text - raw text.
 * @returns the collapsed text.
 */
export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * The value a form field shows on screen: passwords masked, everything else as typed.
 * @param field - an `<input>` or `<textarea>`.
 * @returns its value, `••••` for a non-empty password.
 */
export function displayedValue(field: HTMLInputElement | HTMLTextAreaElement): string {
  if (field.getAttribute('type')?.toLowerCase() === 'password') return field.value ? '••••' : '';
  return field.value;
}
