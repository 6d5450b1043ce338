/**
 * Small formatting pieces the code tools share; they live in @sightline/core so the compaction
 * recovery tools format output the same way.
 */
export {
  countFittingItems,
  cutLine,
  digits,
  ELLIPSIS,
  formatBytes,
  pluralize,
} from '@sightline/core';
