/**
 * @sightline/page-context/internal — plumbing for tools built on page context (benchmarks,
 * inspectors, other bindings): default caps, limits and markers. Not covered by the main entry's
 * stability; most apps need only `@sightline/page-context` and `/react`.
 */
export { actionInputSchema } from './actions/page-action.js';
export { EXPAND_NODE_TOOL, MAX_TOOL_NAME_LENGTH } from './actions/tool-name.js';
export { FALLBACK_HEADING } from './fallback/describe-page.js';
export { PAGE_CONTEXT_NODE_ATTRIBUTE } from './fallback/node-attribute.js';
export { DEFAULT_TEXT_SNAPSHOT_BUDGET } from './fallback/text-snapshot.js';
export { DEFAULT_SERIALIZE_OPTIONS } from './render/serialize-value.js';
