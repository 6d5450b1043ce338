/** @sightline/page-context — pages that describe themselves to an in-app agent. */
export {};
