/** @sightline/page-context/react — the React binding. */
export {};
