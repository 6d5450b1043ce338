/**
 * Linguistic patterns of feature requests and problem reports in app reviews, as marker tokens
 * for the offline review classifier. The pattern families follow Panichella et al. 2015 ("How Can
 * I Improve My App? Classifying User Reviews for Software Maintenance and Evolution", ICSME:
 * feature-request and problem-discovery sentence patterns such as "[someone] should add",
 * "it would be nice", "doesn't [verb]") and the keyword lists of Maalej et al. 2016 ("On the
 * automatic classification of app reviews", RE journal: bug words such as crash, fix, error,
 * freeze; request words such as add, wish, should, need, please); the expressions are our own.
 * A marker is also crossed with the star rating (low 1–2, mid 3, high 4–5), because a problem
 * word in a 5-star review is often still praise.
 */

/** A request for something the app lacks: "please add", "would be nice", "wish it", "option to". */
const REQUEST = [
  /\b(?:please|pls|plz|kindly)\s+(?:\w+\s+)?(?:add|make|include|bring|allow|let|give|put|consider|implement|support|enable|create)\b/,
  /\b(?:would|will|it'?d)\s+(?:be|make it)\s+(?:\w+\s+)?(?:nice|great|awesome|cool|good|better|helpful|useful|perfect|ideal|amazing)\b/,
  /\b(?:i|we)\s+(?:would|'?d)\s+(?:love|like|appreciate|prefer)\b/,
  /\bwish\s+(?:it|there|you|i|they|that|the|this|for)\b/,
  /\b(?:should|could|can you|could you|would you|why not)\s+(?:\w+\s+)?(?:add|have|let|allow|include|make|support|offer|be able|give|show|integrate)\b/,
  /\b(?:option|ability|feature|way|setting|function)s?\s+(?:to|for)\b/,
  /\bneeds?\s+(?:a|an|to|more|the ability|some|support)\b/,
  /\b(?:add|adding)\s+(?:a|an|the|more|support|some|option|ability|feature)\b/,
  /\bhope\s+(?:you|they|to|that|it|for)\b|\blooking forward\b/,
  /\b(?:next|future|coming)\s+(?:update|version|release)\b/,
  /\b(?:missing|lacks?|lacking)\b/,
];

/** A problem with what exists: negated function verbs, "keeps crashing", failure words. */
const PROBLEM = [
  /\b(?:doesn'?t|does not|won'?t|will not|can'?t|cannot|can not|couldn'?t|isn'?t|not|never|unable to|fails? to|failed to)\s+(?:\w+\s+)?(?:work|working|open|load|loading|start|launch|sync|connect|play|download|upload|save|send|show|display|update|install|respond|log ?in|sign ?in|let me)\b/,
  /\bkeeps?\s+(?:on\s+)?(?:crashing|closing|freezing|stopping|saying|asking|logging|losing|restarting|telling|kicking|shutting)\b/,
  /\b(?:crash\w*|freez\w*|froze|frozen|glitch\w*|bug|bugs|buggy|error\w*|force clos\w*|black screen|blank screen|white screen)\b/,
  /\b(?:stopped|stops|quit|quits)\s+(?:working|loading|syncing|responding)\b|\bno longer\b|\bnot anymore\b|\banymore\b/,
  /\b(?:please\s+)?fix(?:ed|es|ing)?\b/,
];

/**
 * The pattern markers of a review.
 *
 * @param text - Title and text of the review, in any case (lower-cased here; `’` read as `'`).
 * @param rating - Star rating 1–5, when known.
 * @returns `__request` and/or `__problem`, each also as `__request_rating_low|mid|high` when a
 *   rating is given; empty when no pattern matches.
 */
export function reviewPatternTokens(text: string, rating?: number): string[] {
  const lower = text.toLowerCase().replace(/’/g, "'");
  const band =
    rating === undefined ? undefined : rating <= 2 ? 'low' : rating === 3 ? 'mid' : 'high';
  const tokens: string[] = [];
  for (const [name, patterns] of [
    ['request', REQUEST],
    ['problem', PROBLEM],
  ] as const) {
    const hits = patterns.filter((pattern) => pattern.test(lower)).length;
    if (hits === 0) continue;
    tokens.push(`__${name}`);
    if (hits > 1) tokens.push(`__${name}_several`);
    if (band) tokens.push(`__${name}_rating_${band}`);
  }
  return tokens;
}
