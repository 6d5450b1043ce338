/**
 * What an inbox row shows beyond the group itself: the culprit (the top frame in the project's
 * repository — never a runtime, library or foreign frame — else the latest diagnosis' first
 * cause), the root cause in one line, reports per day over the last 14 days, and the releases,
 * platforms and environments its reports carry. Three queries per page (aggregated in SQL), whatever the number
 * of reports behind the groups.
 * The row's shape follows Sentry's issue stream (culprit, 14-day trend, release) — see
 * https://docs.sentry.io/product/issues/ .
 */
import { type Kysely, sql } from 'kysely';
import { type Diagnosis, exceptionsCauseFirst, type Report } from '../adapters/investigator.js';
import { type DiagnosisOutcome, diagnosisOutcome } from '../vocabulary.js';
import type { GroupRecord } from './records.js';
import type { Database } from './schema.js';

/** Days in a row's trend. */
export const TREND_DAYS = 14;
/** Most releases, platforms and environments a row lists (the most frequent first). */
const MOST_VALUES = 3;

/** Where a group's problem most likely is, for the row. */
export interface Culprit {
  /** Function, method or symbol; null when the frame or cause names none. */
  function: string | null;
  /** Repository-relative path. */
  file: string;
  /** 1-based line; null when unknown. */
  line: number | null;
  /** `stack`: the top in-app frame of the group's first report; `diagnosis`: its first cause. */
  from: 'stack' | 'diagnosis';
}

/** The row facts of one group. */
export interface InboxRowFacts {
  culprit: Culprit | null;
  /** The latest diagnosis' root cause summary (one sentence); null while none is stored. */
  rootCause: string | null;
  /** What the latest diagnosis found; null while none is stored. */
  diagnosisOutcome: DiagnosisOutcome | null;
  /** The latest diagnosis' confidence in its root cause, in [0, 1]; null while none is stored. */
  diagnosisConfidence: number | null;
  /** Reports received per UTC day, oldest first; the last entry is today. Length {@link TREND_DAYS}. */
  trend: number[];
  /** App releases or versions the reports carry, the most frequent first (at most 3). */
  releases: string[];
  /** Platforms (`android`, `ios`, `javascript`, …), the most frequent first (at most 3). */
  platforms: string[];
  /** Deployment environments (Sentry's `environment`), the most frequent first (at most 3). */
  environments: string[];
}

/**
 * The culprit of a parsed report: its top frame in the project's repository (a frame
 * `markInAppFrames` resolved to a repository file, `repoPath`), in-app first, from the root cause
 * first (as `exceptionsCauseFirst` orders a chain of causes). A frame outside the repository — a
 * runtime, a library, another program's file (`/srv/shop/orders/models.py`, a Go `panics.go` of
 * a report about other code) — is never the culprit: null then, and the row falls back to the
 * diagnosis' cause.
 */
export function stackCulprit(report: Report): Culprit | null {
  const frames = exceptionsCauseFirst(report.exceptions)
    .flatMap((exception) => exception.frames)
    .concat(report.stack ?? []);
  const candidates = frames.filter((frame) => frame.repoPath);
  const top = candidates.find((frame) => frame.inApp) ?? candidates[0];
  if (!top?.repoPath) return null;
  return {
    function: top.function ?? null,
    file: top.repoPath,
    line: top.line ?? null,
    from: 'stack',
  };
}

/** Where a diagnosis puts the problem, as {@link diagnosisCause} reads it. */
export interface DiagnosisCause {
  file: Diagnosis['affectedFiles'][number];
  /** The line the diagnosis quotes inside the file's range; undefined when it quotes none there. */
  line: number | undefined;
}

/**
 * Where a diagnosis puts the problem — the one rule of the inbox culprit and the digest's
 * suspect: its first `cause` file (the first affected file when none is), and the line of its
 * first quote of that file inside the file's range (an offline diagnosis quotes the raised line
 * when the crash's frame lies in the range, a model the line it blames).
 * @returns the cause, or `undefined` when the diagnosis cites no file.
 */
export function diagnosisCause(
  diagnosis: Pick<Diagnosis, 'affectedFiles'>,
): DiagnosisCause | undefined {
  const file =
    diagnosis.affectedFiles.find((entry) => entry.role === 'cause') ?? diagnosis.affectedFiles[0];
  if (!file) return undefined;
  const [start, end] = file.lines;
  const quote = file.evidence.find(
    (evidence) => evidence.path === file.path && evidence.line >= start && evidence.line <= end,
  );
  return { file, line: quote?.line };
}

/**
 * The culprit of a diagnosis ({@link diagnosisCause}): at its quoted line, else the range's first.
 */
export function diagnosisCulprit(diagnosis: Diagnosis): Culprit | null {
  const cause = diagnosisCause(diagnosis);
  if (!cause) return null;
  return {
    function: cause.file.symbol ?? null,
    file: cause.file.path,
    line: cause.line ?? cause.file.lines[0],
    from: 'diagnosis',
  };
}

/**
 * A JSON text column of `reports` — its top-level string field, on either dialect (null when
 * absent). The key is a literal, not a parameter, so the same expression in `select` and
 * `group by` is one to Postgres.
 */
function jsonField(dialect: 'sqlite' | 'postgres', column: 'meta' | 'parsed', key: string) {
  const ref = sql.ref(`reports.${column}`);
  return dialect === 'postgres'
    ? sql<string | null>`(${ref}::jsonb ->> ${sql.lit(key)})`
    : sql<string | null>`json_extract(${ref}, ${sql.lit(`$.${key}`)})`;
}

/** The platform a store's source implies when the report names none. */
const SOURCE_PLATFORM: Record<string, string> = { 'google-play': 'android', 'app-store': 'ios' };

/**
 * A report's release or app version as SQL over `reports` (null: none): what intake read from the
 * payload (`appVersion`), else the source's `meta.release`, else `meta.appVersion` — the order
 * the pipeline keeps a group's releases in.
 */
export function reportRelease(dialect: 'sqlite' | 'postgres') {
  return sql<
    string | null
  >`coalesce(${jsonField(dialect, 'parsed', 'appVersion')}, ${jsonField(dialect, 'meta', 'release')}, ${jsonField(dialect, 'meta', 'appVersion')})`;
}

/**
 * A report's platform as SQL over `reports` (null: none): the parsed report's `platform`, else the
 * source's `meta.platform`, else the platform its store implies (Google Play: android, App Store: ios).
 */
export function reportPlatform(dialect: 'sqlite' | 'postgres') {
  const implied = Object.entries(SOURCE_PLATFORM).map(
    ([kind, platform]) => sql`when ${sql.lit(kind)} then ${sql.lit(platform)}`,
  );
  return sql<
    string | null
  >`coalesce(${jsonField(dialect, 'parsed', 'platform')}, ${jsonField(dialect, 'meta', 'platform')}, case ${sql.ref('reports.source_kind')} ${sql.join(implied, sql` `)} end)`;
}

/**
 * The row facts of `groups`, by group id.
 *
 * @param now - The end of the trend's last day (tests pass a fixed time).
 */
export async function inboxRowFacts(
  db: Kysely<Database>,
  dialect: 'sqlite' | 'postgres',
  groups: GroupRecord[],
  now: Date = new Date(),
): Promise<Map<string, InboxRowFacts>> {
  const facts = new Map<string, InboxRowFacts>();
  if (groups.length === 0) return facts;
  for (const group of groups) {
    facts.set(group.id, {
      culprit: null,
      rootCause: null,
      diagnosisOutcome: null,
      diagnosisConfidence: null,
      trend: new Array<number>(TREND_DAYS).fill(0),
      releases: [],
      platforms: [],
      environments: [],
    });
  }
  const ids = groups.map((group) => group.id);
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const since = new Date(today - (TREND_DAYS - 1) * 86_400_000).toISOString();
  const day = sql<string>`substr(received_at, 1, 10)`;
  const diagnosed = groups.filter((group) => group.latestDiagnosisVersion > 0);
  const [firsts, diagnoses, perDay, values] = await Promise.all([
    db
      .selectFrom('reports')
      .select(['id', 'group_id', 'parsed'])
      .where(
        'id',
        'in',
        groups.map((group) => group.representativeReportId),
      )
      .execute(),
    diagnosed.length === 0
      ? Promise.resolve([])
      : db
          .selectFrom('diagnoses')
          .select(['group_id', 'diagnosis'])
          .where((eb) =>
            eb.or(
              diagnosed.map((group) =>
                eb.and([
                  eb('group_id', '=', group.id),
                  eb('version', '=', group.latestDiagnosisVersion),
                ]),
              ),
            ),
          )
          .execute(),
    db
      .selectFrom('reports')
      .select(['group_id', day.as('day'), (eb) => eb.fn.countAll<number>().as('n')])
      .where('group_id', 'in', ids)
      .where('received_at', '>=', since)
      .groupBy(['group_id', day])
      .execute(),
    reportValues(db, dialect, ids),
  ]);
  const stackCulprits = new Map<string, Culprit | null>();
  for (const row of firsts) {
    if (!row.group_id || !row.parsed) continue;
    stackCulprits.set(row.group_id, stackCulprit(JSON.parse(row.parsed) as Report));
  }
  const diagnosisById = new Map(
    diagnoses.map((row) => [row.group_id, JSON.parse(row.diagnosis) as Diagnosis]),
  );
  for (const [id, entry] of facts) {
    const diagnosis = diagnosisById.get(id);
    entry.rootCause = diagnosis ? firstLine(diagnosis.rootCause.summary) : null;
    entry.diagnosisOutcome = diagnosis ? diagnosisOutcome(diagnosis) : null;
    entry.diagnosisConfidence = diagnosis ? diagnosis.rootCause.confidence : null;
    entry.culprit =
      stackCulprits.get(id) ?? (diagnosis ? diagnosisCulprit(diagnosis) : null) ?? null;
  }
  for (const row of perDay) {
    const entry = row.group_id ? facts.get(row.group_id) : undefined;
    const index = Math.round((Date.parse(`${row.day}T00:00:00Z`) - today) / 86_400_000);
    if (entry && index <= 0 && index > -TREND_DAYS) {
      const day = TREND_DAYS - 1 + index;
      entry.trend[day] = (entry.trend[day] ?? 0) + Number(row.n);
    }
  }
  for (const [id, counts] of values) {
    const entry = facts.get(id);
    if (!entry) continue;
    entry.releases = mostFrequent(counts.releases);
    entry.platforms = mostFrequent(counts.platforms);
    entry.environments = mostFrequent(counts.environments);
  }
  return facts;
}

interface ValueCounts {
  releases: Map<string, number>;
  platforms: Map<string, number>;
  environments: Map<string, number>;
}

/**
 * Release, platform and environment of the groups' reports, counted per group: the parsed
 * report's `appVersion`/`platform`/`environment` (what intake read from the payload), else the
 * source's `meta` (`release`, `appVersion`, `platform`, `environment`), else the platform the
 * store implies.
 */
async function reportValues(
  db: Kysely<Database>,
  dialect: 'sqlite' | 'postgres',
  ids: string[],
): Promise<Map<string, ValueCounts>> {
  const fields = {
    release: reportRelease(dialect),
    platform: reportPlatform(dialect),
    environment: sql<
      string | null
    >`coalesce(${jsonField(dialect, 'parsed', 'environment')}, ${jsonField(dialect, 'meta', 'environment')})`,
  };
  const rows = await db
    .selectFrom('reports')
    .select([
      'group_id',
      ...Object.entries(fields).map(([name, field]) => field.as(name)),
      (eb) => eb.fn.countAll<number>().as('n'),
    ])
    .where('group_id', 'in', ids)
    .groupBy(['group_id', ...Object.values(fields)])
    .execute();
  const counts = new Map<string, ValueCounts>();
  const add = (map: Map<string, number>, value: unknown, n: number) => {
    if (typeof value !== 'string' || value.trim() === '') return;
    map.set(value.trim(), (map.get(value.trim()) ?? 0) + n);
  };
  for (const row of rows as Array<Record<string, unknown>>) {
    const id = row.group_id as string;
    const n = Number(row.n);
    let entry = counts.get(id);
    if (!entry) {
      entry = { releases: new Map(), platforms: new Map(), environments: new Map() };
      counts.set(id, entry);
    }
    add(entry.releases, row.release, n);
    add(entry.platforms, row.platform, n);
    add(entry.environments, row.environment, n);
  }
  return counts;
}

function mostFrequent(counts: Map<string, number>): string[] {
  return [...counts]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, MOST_VALUES)
    .map(([value]) => value);
}

function firstLine(text: string): string {
  return text.split('\n', 1)[0]?.trim() ?? '';
}
