/**
 * The DOM fallback of page context: outlines of what did not opt in, the character-grid baseline,
 * and the mixed document. Browser-only at run time (needs a DOM); importing it is safe anywhere.
 */
export { type AsciiSnapshotOptions, asciiSnapshot } from './ascii-snapshot.js';
export {
  type DescribePageOptions,
  describePage,
  FALLBACK_HEADING,
  type PageDescription,
} from './describe-page.js';
export { PAGE_CONTEXT_IGNORE_ATTRIBUTE, PAGE_CONTEXT_NODE_ATTRIBUTE } from './node-attribute.js';
export {
  DEFAULT_TEXT_SNAPSHOT_BUDGET,
  type TextSnapshotOptions,
  textSnapshot,
} from './text-snapshot.js';
