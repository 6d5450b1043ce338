export * from './blame-range.js';
export * from './file-history.js';
export * from './gate-commit-texts.js';
export * from './open-git-history.js';
export * from './regression-window.js';
export * from './run-git.js';
export * from './suspect-commits.js';
export * from './version-mentions.js';
