/** One rule that finds secrets in a text (the rules live in secret-rules.ts and its neighbours). */
export interface SecretRule {
  /** What was found, shown in the withheld note (never the secret). */
  what: string;
  /** Character ranges [start, end) of the secrets in `text`. */
  find(text: string, filePath: string): Iterable<[number, number]>;
}
