/**
 * @sightline/codebase — knowing a codebase: the repository walk, the tree-sitter index of
 * definitions and references, the repository map, and four sandboxed read-only code tools.
 */

export * from './repo/index.js';
export * from './repomap/index.js';
export * from './tools/index.js';
