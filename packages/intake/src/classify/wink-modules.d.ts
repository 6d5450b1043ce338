/**
 * Type declarations for the parts of the wink libraries (JavaScript, no bundled types) that
 * classification uses: wink-nlp-utils' token helpers.
 */
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
