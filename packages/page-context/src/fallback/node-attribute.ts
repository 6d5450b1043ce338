/**
 * The DOM attributes of page context: one ties an element to a page-context node (the React
 * binding puts it on the wrapper of every opted-in component; `describePage` reads it to render
 * that subtree semantically), the other hides an element from the fallback renderers.
 */

/** Attribute naming the page-context node an element's subtree belongs to (value: the node id). */
export const PAGE_CONTEXT_NODE_ATTRIBUTE = 'data-page-context-node';

/**
 * Attribute that hides an element from every fallback renderer (the inspector carries it, so a page
 * never describes its own description).
 */
export const PAGE_CONTEXT_IGNORE_ATTRIBUTE = 'data-page-context-ignore';
