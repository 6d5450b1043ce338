/** Small labelled chips: a group's label and status, a level (low/medium/high). */

/** A chip; `kind` picks its color class (`badge-crash`, `badge-resolved`, `badge-high`…). */
export function Badge({ kind, children }: { kind: string; children: string }) {
  return <span className={`badge badge-${kind}`}>{children}</span>;
}
