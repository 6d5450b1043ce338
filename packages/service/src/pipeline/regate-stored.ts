/**
 * What the store keeps, under today's secret rules. A report's analysis (the parsed report every
 * output is made of: its group's title, a model's prompt, the digest, a GitHub comment, MCP
 * answers) is passed through the secret gate when it is made (process-report.ts), and a diagnosis
 * is made of that analysis and of gated code; both are stored with the rules' version
 * (`SECRET_RULES_VERSION`). The rules grow; what was stored under older rules, or before the
 * service gated reports at all, would keep showing what today's rules withhold. At start the
 * service passes each of those through the gate again — the stored parsed report and the stored
 * diagnosis' texts, so nothing is parsed, classified, grouped or investigated anew — as the
 * repository map's cache is rebuilt when the rules change (codebase `repomap/cache.ts`). The
 * payload stays as delivered.
 */
import { gateReport, gateText, gateTexts, type Report } from '../adapters/investigator.js';
import type { Store, StoredDiagnosisTexts } from '../store/index.js';

/** Rows read per query. */
const PAGE = 200;

/** What was gated again of one kind of stored text. */
export interface RegateCount {
  /** Read (each gated under other rules). */
  checked: number;
  /** Of those, the ones that now withhold more than they did (a line newly withheld). */
  changed: number;
}

/** What {@link regateStored} did. */
export interface RegateOutcome {
  analyses: RegateCount;
  diagnoses: RegateCount;
}

/**
 * Passes every stored analysis and diagnosis gated under other secret rules through today's gate,
 * and marks each gated under them (an unchanged one too, so the next start reads none of them). A
 * group titled after a changed report gets its gated title. Logs one line when anything changed.
 * Bounded by what is stored: one gate scan per report and per diagnosis, {@link PAGE} per query.
 * `serve` runs it at start; a command that shows what the store holds without a running service
 * (`sightline digest`) runs it too.
 * @param log - where the line goes.
 * @returns how many analyses and diagnoses were read and how many changed.
 */
export async function regateStored(
  store: Store,
  log: (line: string) => void,
): Promise<RegateOutcome> {
  const outcome = {
    analyses: await regateAnalyses(store),
    diagnoses: await regateDiagnoses(store),
  };
  const { analyses, diagnoses } = outcome;
  if (analyses.changed + diagnoses.changed > 0) {
    log(
      `secret gate: ${analyses.changed} of ${analyses.checked} stored analyses and ${diagnoses.changed} of ${diagnoses.checked} diagnoses gated under older rules now withhold more (the payloads stay as delivered)`,
    );
  }
  return outcome;
}

/**
 * Reads the rows still gated under other rules page by page, by id (a cursor: each query starts
 * after the last id read, so a store is read once however many pages it takes).
 */
async function eachStale<T extends { id: string }>(
  page: (after: string) => Promise<T[]>,
  regate: (row: T) => Promise<'changed' | 'unchanged' | 'skipped'>,
): Promise<RegateCount> {
  const count: RegateCount = { checked: 0, changed: 0 };
  for (let rows = await page(''); rows.length > 0; rows = await page(rows.at(-1)?.id ?? '')) {
    for (const row of rows) {
      const done = await regate(row);
      if (done !== 'skipped') count.checked += 1;
      if (done === 'changed') count.changed += 1;
    }
  }
  return count;
}

function regateAnalyses(store: Store): Promise<RegateCount> {
  return eachStale(
    (after) => store.reports.gatedUnderOtherRules(after, PAGE),
    async ({ id, parsed, groupId }) => {
      const stored = JSON.parse(parsed) as Report;
      const gated = await gateReport(stored);
      // The title of the group it represents, gated itself: it may be an earlier revision's.
      const group = groupId ? await store.groups.get(groupId) : undefined;
      const title =
        group?.representativeReportId === id
          ? { from: group.title, to: (await gateTexts([group.title])).texts[0] ?? group.title }
          : undefined;
      if (!(await store.reports.regate(id, parsed, gated, title))) return 'skipped';
      return gated !== stored || (title && title.to !== title.from) ? 'changed' : 'unchanged';
    },
  );
}

function regateDiagnoses(store: Store): Promise<RegateCount> {
  return eachStale(
    (after) => store.diagnoses.gatedUnderOtherRules(after, PAGE),
    async ({ id, texts }) => {
      const gated = await gateJsonStrings(texts);
      if (!(await store.diagnoses.regate(id, texts, gated ?? texts))) return 'skipped';
      return gated ? 'changed' : 'unchanged';
    },
  );
}

/**
 * A stored diagnosis' texts with every string in their JSON passed through the gate together
 * (`gateTexts`: each string's lines that hold a secret become the gate's note); undefined when
 * nothing is withheld. Should the strings together read as a `KEY=value` file with a secret (which
 * `gateTexts` withholds whole), each is gated on its own instead, so ids, labels and paths stay.
 */
async function gateJsonStrings(
  texts: StoredDiagnosisTexts,
): Promise<StoredDiagnosisTexts | undefined> {
  const values = [texts.diagnosis, texts.suspects, texts.verification].map(
    (text) => JSON.parse(text) as unknown,
  );
  const strings: string[] = [];
  const collect = (value: unknown): void => {
    if (typeof value === 'string') strings.push(value);
    else if (Array.isArray(value)) value.forEach(collect);
    else if (value !== null && typeof value === 'object') Object.values(value).forEach(collect);
  };
  values.forEach(collect);
  let gated = await gateTexts(strings);
  if (!gated.withheld) return undefined;
  if (!(await gateText(strings.join('\n'))).ok) {
    const each = await Promise.all(strings.map((text) => gateTexts([text])));
    gated = { texts: each.map((one, at) => one.texts[0] ?? strings[at] ?? ''), withheld: true };
  }
  let next = 0;
  const rebuild = (value: unknown): unknown => {
    if (typeof value === 'string') return gated.texts[next++] ?? value;
    if (Array.isArray(value)) return value.map(rebuild);
    if (value !== null && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, rebuild(inner)]));
    }
    return value;
  };
  const [diagnosis, suspects, verification] = values.map((value) => JSON.stringify(rebuild(value)));
  return { diagnosis: diagnosis ?? '', suspects: suspects ?? '', verification: verification ?? '' };
}
