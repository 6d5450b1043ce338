/**
 * `window.__sightline` (the page-context hook for tests and benchmarks) as a chunk of its own: it
 * brings the page reader (Markdown, DOM outline, character grid, tools), which the first load does
 * not need; `app.tsx` loads it once the console has mounted.
 */
export { PageHook as default } from '@sightline/page-context/react';
