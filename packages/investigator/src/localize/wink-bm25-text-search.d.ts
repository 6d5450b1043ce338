/**
 * Type declarations for the part of wink-bm25-text-search (JavaScript, no bundled types) that the
 * localizer uses: a BM25F engine with per-field weights and a preparation pipeline, exported and
 * imported as JSON.
 */
declare module 'wink-bm25-text-search' {
  /** A BM25F search engine; documents are added, consolidated once, then searched. */
  interface Bm25Engine {
    defineConfig(config: {
      fldWeights: Record<string, number>;
      bm25Params?: { k1?: number; b?: number; k?: number };
    }): boolean;
    /** Tasks get a field's value as given to `addDoc` (or the query text) and return its terms. */
    definePrepTasks(
      tasks: Array<(input: string | readonly string[]) => readonly string[]>,
      field?: string,
    ): number;
    addDoc(doc: Record<string, string | readonly string[]>, id: string | number): number;
    /** Computes IDF; needs at least three documents; may be called once. */
    consolidate(precision?: number): boolean;
    /** Term → token number (after consolidation). */
    getTokens(): Record<string, number>;
    /** Token number → IDF (after consolidation). */
    getIDF(): number[];
    /** Document id → its token number → weighted score part (after consolidation). */
    getDocs(): Record<string, { freq: Record<number, number> }>;
    /** `[id, score]` pairs, best first (ids as given to `addDoc`, as strings). */
    search(text: string, limit?: number): Array<[string, number]>;
    /** The consolidated engine's tables and configuration as JSON (no preparation tasks). */
    exportJSON(): string;
    /**
     * Restores what {@link exportJSON} gave (its tables become plain objects, prototype and all);
     * define the preparation tasks again after. Throws on JSON of another shape.
     */
    importJSON(json: string): boolean;
  }

  function bm25(): Bm25Engine;
  export default bm25;
}
