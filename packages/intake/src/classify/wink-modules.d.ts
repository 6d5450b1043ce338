/**
 * Type declarations for the parts of the wink libraries (JavaScript, no bundled types) that
 * classification uses: the naive Bayes text classifier and wink-nlp-utils' token helpers.
 */
declare module 'wink-naive-bayes-text-classifier' {
  /** One `[label, log2 odds]` pair; `computeOdds` returns them sorted, highest first. */
  type LabelOdds = [string, number];

  /** A wink naive Bayes text classifier (multinomial or binarized). */
  export interface NaiveBayesTextClassifier {
    defineConfig(config: { considerOnlyPresence?: boolean; smoothingFactor?: number }): boolean;
    definePrepTasks(tasks: Array<(input: string[]) => string[]>): number;
    learn(input: string[], label: string): boolean;
    consolidate(): boolean;
    computeOdds(input: string[]): LabelOdds[];
    predict(input: string[]): string;
    exportJSON(): string;
    importJSON(json: string): boolean;
    stats(): {
      labelWiseSamples: Record<string, number>;
      labelWiseWords: Record<string, number>;
      vocabulary: number;
    };
  }

  function naiveBayesTextClassifier(): NaiveBayesTextClassifier;
  export default naiveBayesTextClassifier;
}

declare module 'wink-nlp-utils' {
  const nlpUtils: {
    string: {
      amplifyNotElision(text: string): string;
    };
    tokens: {
      stem(tokens: string[]): string[];
      removeWords(tokens: string[]): string[];
      propagateNegations(tokens: string[], upto?: number): string[];
      appendBigrams(tokens: string[]): string[];
    };
  };
  export default nlpUtils;
}
