/**
 * Why the localizer suspects a place, in one sentence a triager reads: the strongest of its
 * evidence notes (a stack frame over a name the report mentions over shared words over graph
 * centrality), rephrased; the notes themselves and the score stay in a detail view. The notes'
 * wording is the investigator's (`localize/score-files.ts`, `mention-scores.ts`).
 */

/** Rules from the strongest evidence to the weakest: a note's pattern and its sentence. */
const RULES: [RegExp, (match: RegExpMatchArray) => string][] = [
  [
    /^innermost in-app frame: ([^\s,]+)(?: in ([^\s,]+))?.*?(?:, where (.+) was raised)?$/,
    (m) =>
      `Named in the stack trace: the innermost app frame${m[2] ? `, \`${m[2]}\`` : ''}${m[3] ? `, where ${m[3]} was raised` : ''}.`,
  ],
  [
    /^in-app frame (\d+) of the stack \(a caller\): [^\s,]+(?: in ([^\s,]+))?/,
    (m) => `Named in the stack trace: a caller${m[2] ? `, \`${m[2]}\`` : ''} (frame ${m[1]}).`,
  ],
  [/^named in the report$/, () => 'The report names this file.'],
  [
    /^defines (`[^`]+`|\S+), named by the (report|error message)/,
    (m) => `The ${m[2]} names ${m[1]}, defined here.`,
  ],
  [
    /^defines `([^`]+)` mentioned in the report$/,
    (m) => `The report mentions \`${m[1]}\`, defined here.`,
  ],
  [
    /^defines `([^`]+)`, which the report calls "([^"]+)"$/,
    (m) => `The report says "${m[2]}", which names \`${m[1]}\` defined here.`,
  ],
  [
    /^defines `([^`]+)`, called by `([^`]+)` that the report names$/,
    (m) => `Defines \`${m[1]}\`, called by \`${m[2]}\` that the report names.`,
  ],
  [/^BM25 match in `([^`]+)`: (.+)$/, (m) => `\`${m[1]}\` uses the report's words (${m[2]}).`],
  [/^BM25 match: (.+)$/, (m) => `The file uses the report's words (${m[1]}).`],
  [
    /^shares \d+ of the report's words: (.+)$/,
    (m) => `The file shares a few of the report's words (${m[1]}).`,
  ],
  [/^PageRank /, () => 'Central in the code around what the report names.'],
];

/**
 * What is behind a suspect without notes. Every signal that names something (a stack frame, a
 * name or path the report mentions, the error message) or shares the report's words writes a
 * note; only the code graph is left unnoted when weak (`PAGERANK_EVIDENCE_MIN` of `score-files.ts`).
 */
const WEAK_SIGNALS_ONLY =
  'Only a weak signal: its place in the code graph around what the report names, too weak for a note of its own.';

/**
 * One sentence for a suspect's evidence notes (the first note as written when none is known, the
 * weak signals behind it when it has none).
 */
export function suspectSentence(evidence: readonly string[]): string {
  for (const [pattern, sentence] of RULES) {
    for (const note of evidence) {
      const match = note.match(pattern);
      if (match) return sentence(match);
    }
  }
  const first = evidence[0];
  return first ? `${first[0]?.toUpperCase()}${first.slice(1)}.` : WEAK_SIGNALS_ONLY;
}
