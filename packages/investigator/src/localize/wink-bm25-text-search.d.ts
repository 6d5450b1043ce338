/**
 * Type declarations for the part of wink-bm25-text-search (JavaScript, no bundled types) that the
 * localizer uses: a BM25F engine with per-field weights and a preparation pipeline.
 */
declare module 'wink-bm25-text-search' {
  /** A BM25F search engine; documents are added, consolidated once, then searched. */
  interface Bm25Engine {
    defineConfig(config: {
      fldWeights: Record<string, number>;
      bm25Params?: { k1?: number; b?: number; k?: number };
    }): boolean;
    definePrepTasks(tasks: Array<(input: string) => string[]>, field?: string): number;
    addDoc(doc: Record<string, string>, id: string | number): number;
    /** Computes IDF; needs at least three documents; may be called once. */
    consolidate(precision?: number): boolean;
    /** `[id, score]` pairs, best first (ids as given to `addDoc`, as strings). */
    search(text: string, limit?: number): Array<[string, number]>;
  }

  function bm25(): Bm25Engine;
  export default bm25;
}
