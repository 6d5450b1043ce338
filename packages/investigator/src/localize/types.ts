/** A ranked suspect location produced by the offline localizer. Lines are 1-based, inclusive. */
export interface Suspect {
  /** Repository-relative path. */
  path: string;
  lines: [number, number];
  symbol?: string;
  /** Combined score, higher is more suspect (comparable within one ranking only). */
  score: number;
  /** Why this location is suspect, one short human-readable sentence each. */
  evidence: string[];
  /**
   * Other files holding the same code (`x.mjs` beside `x.js`, a compiled copy beside its source),
   * when `path` stands for several; repository-relative.
   */
  twins?: string[];
}
