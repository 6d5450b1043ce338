/**
 * Reads the versions and commits a report names and which side of a regression each is on:
 * "3.1.0 and earlier are fine, 3.2.0 fails", "since e443068 I'm getting …", "after upgrading to
 * 2.4", "works in v1.2, broken in v1.3". Each mention is classed by the nearest cue word in its
 * clause (working words → good; failing, "since", "after upgrading to" → bad); with no cue, the
 * lower of two versions is the good one, and a lone version is the one that fails.
 */

/** A version or commit the report names. */
export interface VersionMention {
  /** As written: `3.2.0`, `v1.3`, `pkg@2.4.1`, or a commit id (7–40 hex digits). */
  text: string;
  kind: 'version' | 'commit';
  /** Which side it is on. */
  side: 'good' | 'bad';
  /** The words it was read from (at most 120 characters). */
  context: string;
}

const VERSION =
  /(?<![\w.@/-])(?:[a-z][\w.-]*@)?v?\d+(?:\.\d+){1,3}(?:-[0-9a-z.]+)?(?![\w.]*\/)(?=[^\w]|$)/gi;
const COMMIT = /(?<![\w./-])[0-9a-f]{7,40}(?![\w/-])/g;
const GOOD_CUES =
  /\b(?:works?|worked|working|fine|ok|okay|good|correctly|earlier|older|before|previous(?:ly)?|downgrad\w*|revert\w*|rolled back|roll back|last known|from)\b/gi;
const BAD_CUES =
  /\b(?:fails?|failed|failing|broken|breaks?|broke|regress\w*|since|after|crash\w*|errors?|bug|throws?|no longer|stopped|introduced|upgrad\w*|updat\w*|bump\w*|started|to|latest|newer|now|loses|lost|missing|wrong|incorrect\w*|hangs?|freez\w*|leaks?|ignores?|doesn'?t|does not|can'?t|cannot|won'?t|not working)\b/gi;
/** Words around a version that say it is not this project's (a runtime, an OS, a browser). */
const FOREIGN =
  /\b(?:node(?:\.?js)?|npm|yarn|pnpm|python|java|jdk|jre|kotlin|go|rustc?|cargo|gradle|android|ios|macos|os x|windows|ubuntu|debian|chrome|firefox|safari|edge|electron|typescript|gcc|clang|api level|sdk)\s*$/i;

/**
 * A number is a quantity, not a version, when a unit or a currency follows it (`2.306 sec`,
 * `16.54%`, `554.0 MB/s`, `0.82 Mb`, `19.90 €`, and at a sentence's end: `after 1.3 seconds.`) or a currency or price word leads it (`$19.90`,
 * `paid 19.90`), or when it is a day.month.year date (`26.05.2010`). Over the 1,134 reports of
 * the localization cases (bench/lib/localize-sets.ts), this leaves out 68 of the 2,872 numbers read
 * as versions before, all quantities (test timings, benchmark tables, a log's date), which had also
 * fed the "lower of two versions is good" rule.
 */
const UNIT_AFTER =
  /^[ \u00a0]?(?:[%‰×€£$¥₹]|(?:x|[mµun]?s|secs?|seconds?|mins?|minutes?|h|hrs?|hours?|days?|weeks?|months?|years?|[kmgt]i?b(?:\/s)?|bytes?|px|pt|em|rem|dp|sp|fps|[kmg]?hz|mm|cm|km|m|kg|g|lbs?|deg(?:rees?)?|stars?|times|eur|usd|gbp|dollars?|euros?)(?!\w|\.\w))/i;
const CURRENCY_BEFORE =
  /(?:[$€£¥₹]|\b(?:usd|eur|gbp|chf|jpy|inr|rs|price[ds]?|paid|pay|costs?|costing|charged)\b[\s:.]*)\s*$/i;
const DATE = /^(?:0?[1-9]|[12]\d|3[01])\.(?:0?[1-9]|1[0-2])\.(?:19|20)\d{2}$/;
/**
 * A log's time of day is no version either: the seconds and fraction after `hh:mm:` (a logcat
 * line's `10:00:11.476`, a JSON log's `"@timestamp":"2026-12-07T10:00:07.118+01:00"`), which a
 * fresh-user trial (181) saw read as versions 11.476 and 07.118.
 */
const CLOCK_BEFORE = /\d:$/;
/**
 * Nor is a network address: four numbers of at most 255 with a port after (`10.42.0.17:8080`), or
 * after a word naming an address (`remoteAddress":"10.42.0.17"`, `client ip 10.0.0.5`, trial 181).
 * A four-part version without such a word (`4.0.30319.42000`, `1.2.0.17`) stays a version. Over
 * the 1,134 localization reports, these two rules leave out 550 of the 1,914 numbers read as
 * versions before, in 91 reports, all log times (storm, zookeeper, Eclipse and alacritty logs) and
 * addresses (`10.33.145.230`, `127.0.0.1`).
 */
const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(?:25[0-5]|2[0-4]\d|1?\d?\d)$/;
const ADDRESS_BEFORE =
  /(?:\b(?:ip(?:v4)?|addr(?:ess)?|host(?:name)?|client|peer|remote|server|forwarded|from)|(?:ip|addr(?:ess)?|host|client|peer|remote)\w*")[\s:="'[]*$/i;

/** Whether the number `written` at `[start, end)` of `text` is a quantity, a date, a time of day or an address (see above). */
function isQuantity(text: string, start: number, end: number, written: string): boolean {
  const lead = text.slice(Math.max(0, start - 24), start);
  return (
    DATE.test(written) ||
    CLOCK_BEFORE.test(lead) ||
    (IPV4.test(written) &&
      (/^:\d{1,5}\b/.test(text.slice(end, end + 6)) || ADDRESS_BEFORE.test(lead))) ||
    UNIT_AFTER.test(text.slice(end, end + 12)) ||
    CURRENCY_BEFORE.test(text.slice(Math.max(0, start - 12), start))
  );
}

/** Where a clause ends: punctuation before a space, a parenthesis, a line break. */
const CLAUSE_END = /[.!?;,:](?:\s|$)|[()]|\n/;
/** Another version or commit id: a cue past it belongs to that one. */
const OTHER_MENTION = new RegExp(`${VERSION.source}|${COMMIT.source}`, 'i');

/**
 * The clause around `[start, end)`: up to punctuation, a parenthesis or a line break on each side,
 * and no further than the next or previous mention ("in 1.9 it fails and 1.8 worked": "worked"
 * is 1.8's cue, not 1.9's).
 */
function clauseAround(text: string, start: number, end: number): { before: string; after: string } {
  const left = text.slice(Math.max(0, start - 80), start);
  const right = text.slice(end, end + 60);
  const before = (left.split(CLAUSE_END).at(-1) ?? '').split(OTHER_MENTION).at(-1) ?? '';
  const after = (right.split(CLAUSE_END)[0] ?? '').split(OTHER_MENTION)[0] ?? '';
  return { before, after };
}

/** The key of the JSON string a text position is inside (`"release": "shop@` → `release`). */
const JSON_KEY_BEFORE = /"([\w.-]{1,40})"\s*:\s*"(?:[^"\\\n]|\\.)*$/;

/**
 * The words a mention was read from: its clause, or, inside a JSON string (a Sentry event's
 * `"release": "shop@1.3.0"`), the string's key and its text within the clause, without JSON's
 * quotes (`release: shop@1.3.0`; the console showed `read from “"shop@1.3.0"”`).
 */
function mentionContext(
  text: string,
  start: number,
  before: string,
  written: string,
  after: string,
): string {
  const key = JSON_KEY_BEFORE.exec(text.slice(Math.max(0, start - 200), start))?.[1];
  if (key === undefined) return `${before}${written}${after}`;
  // The clause may end inside the string (`"Fails since 1.2.9, sadly"`), or at its quote.
  const close = after.indexOf('"');
  return `${key}: ${before.slice(before.lastIndexOf('"') + 1)}${written}${close < 0 ? after : after.slice(0, close)}`;
}

/** Distance from the mention to the nearest cue of a kind, or Infinity. */
function nearestCue(before: string, after: string, cues: RegExp): number {
  let best = Number.POSITIVE_INFINITY;
  for (const match of before.matchAll(cues)) {
    best = Math.min(best, before.length - (match.index + match[0].length));
  }
  for (const match of after.matchAll(cues)) best = Math.min(best, match.index + 1);
  return best;
}

function sideOf(before: string, after: string): 'good' | 'bad' | undefined {
  const lead = before.toLowerCase();
  // "upgrading from 2.3 to 2.4": the version after "from" is good, the one after "to" bad.
  if (/\bfrom\s+(?:version\s+|v\s*)?$/.test(lead)) return 'good';
  if (
    /\b(?:to|since|after|into|in|on)\s+(?:version\s+|release\s+|commit\s+|v\s*)?$/.test(lead) &&
    /\b(?:upgrad\w*|updat\w*|bump\w*|moving|since|after|introduced|broke|regress\w*|fails?|broken)\b/.test(
      lead,
    )
  ) {
    return 'bad';
  }
  const good = nearestCue(before, after, GOOD_CUES);
  const bad = nearestCue(before, after, BAD_CUES);
  if (good === Number.POSITIVE_INFINITY && bad === Number.POSITIVE_INFINITY) return undefined;
  return good < bad ? 'good' : 'bad';
}

/** Numeric parts of a version as digit strings without leading zeros (`v3.2.0-rc.1` → 3, 2, 0). */
function versionParts(version: string): string[] {
  const core = /(\d+(?:\.\d+)*)/.exec(version.replace(/^.*@/, ''))?.[1] ?? '';
  return core.split('.').map((part) => part.replace(/^0+(?=\d)/, ''));
}

/**
 * Compares two versions by their numeric parts (missing parts count as 0), exactly at any length
 * (parts are compared as digit strings, so a part beyond 2^53 or of 400 digits still orders).
 * @returns negative, 0 or positive.
 */
export function compareVersions(a: string, b: string): number {
  const left = versionParts(a);
  const right = versionParts(b);
  for (let at = 0; at < Math.max(left.length, right.length); at++) {
    const x = left[at] || '0';
    const y = right[at] || '0';
    if (x.length !== y.length) return x.length - y.length;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

/**
 * Finds the versions and commit ids a report names, each classed good or bad.
 * @param text the report's text (title and body).
 * @returns mentions in order of appearance, each text once; versions of runtimes, systems and
 *   browsers (`Node 18.2.0`, `Android 13.1`) are left out. Commit ids are candidates only: the
 *   caller checks that the repository has them.
 */
export function findVersionMentions(text: string): VersionMention[] {
  const found: (Omit<VersionMention, 'side'> & { side: 'good' | 'bad' | undefined })[] = [];
  const seen = new Set<string>();
  const add = (match: RegExpMatchArray, kind: VersionMention['kind']) => {
    const start = match.index ?? 0;
    const written = match[0];
    if (seen.has(written.toLowerCase())) return;
    if (kind === 'version' && isQuantity(text, start, start + written.length, written)) return;
    const { before, after } = clauseAround(text, start, start + written.length);
    if (kind === 'version' && FOREIGN.test(before.replace(/(?:version|v)\s*$/i, '').trimEnd())) {
      return;
    }
    if (kind === 'commit' && !(/[a-f]/.test(written) && /\d/.test(written))) return;
    seen.add(written.toLowerCase());
    found.push({
      text: written,
      kind,
      side: sideOf(before, after),
      context: mentionContext(text, start, before, written, after)
        .replace(/\s+/g, ' ')
        .trim()
        .slice(0, 120),
    });
  };
  for (const match of text.matchAll(VERSION)) add(match, 'version');
  for (const match of text.matchAll(COMMIT)) add(match, 'commit');
  const versions = found.filter((mention) => mention.kind === 'version');
  const unclassed = versions.filter((mention) => mention.side === undefined);
  if (unclassed.length > 0) {
    const sorted = [...versions].sort((a, b) => compareVersions(a.text, b.text));
    const lowest = sorted[0];
    for (const mention of unclassed) {
      mention.side = versions.length > 1 && mention === lowest ? 'good' : 'bad';
    }
  }
  return found.map((mention) => ({ ...mention, side: mention.side ?? 'bad' }));
}
