/**
 * The source interface: every provider (Sentry, GitHub issues, App Store Connect, Google Play, files)
 * is one module that turns what the provider sends or serves into {@link RawReport}s. A source module
 * may receive webhooks, poll, or both; the service stores what it returns idempotently (a source's own
 * id never creates a second report), so a module may return the same report twice without harm.
 */
import type { z } from 'zod';

/** A report as a source delivers it, before parsing. */
export interface RawReport {
  /** The kind of the source that delivered it (`files`, `sentry`, `github`, …). */
  sourceKind: string;
  /**
   * The provider's own id of this report (Sentry event id, GitHub issue number, review id). Ingest
   * is idempotent on (source, sourceId). Sources without ids use a content hash.
   */
  sourceId: string;
  /** When the source received or published it, ISO 8601. */
  receivedAt: string;
  /** Intake format to parse it with (`sentry`, `github-issue`, `app-store-review`, …) or `auto`. */
  format: string;
  /** The report itself: text as written, or the provider's JSON payload. */
  payload: { text: string } | { json: unknown };
  /** Where a person can read it at the provider. */
  url?: string;
  /** File name, for format detection and display. */
  filename?: string;
  /** Provider fields worth keeping (release, platform, rating, author); never credentials. */
  meta?: Record<string, string | number | boolean | null>;
  /**
   * Set when the report is the provider's issue itself, not an occurrence of it (a Sentry issue
   * delivered without its event): the issue's provider identity (`sentry-issue:<id>`). It is
   * stored only while the project holds no report of the issue, so the issue delivered again (with
   * a status change, or after its first event) is not counted as another occurrence. Default: the
   * report is an occurrence.
   */
  issueOnly?: string;
}

/**
 * A status change of a report's problem at the provider: a GitHub issue closed or reopened, a
 * Sentry issue resolved or unresolved. `identity` is the provider identity grouping keeps
 * (`github:<owner/repo>#<n>`, `sentry-issue:<id>`).
 */
export interface UpstreamStatus {
  identity: string;
  status: 'resolved' | 'reopened';
  /**
   * When the provider changed it (ISO 8601), as the delivery says: a GitHub issue's `updated_at`,
   * a Sentry delivery's `Sentry-Hook-Timestamp`. A change older than the last one followed is not
   * applied (`GroupStore.followUpstream`). Default unknown: applied in arrival order.
   */
  at?: string;
}

/** The result of a webhook delivery. */
export interface WebhookResult {
  /** False when the signature is missing or wrong: the service answers 401 and stores nothing. */
  verified: boolean;
  /** Reports carried by the delivery (empty for events that carry none, e.g. a ping). */
  reports: RawReport[];
  /**
   * Why a verified delivery that should carry a report cannot be stored (an event without an id, a
   * body that is not a JSON object, an issues event without its issue): the service answers 422
   * with this, so the sender sees it instead of a silent drop.
   */
  rejected?: string;
  /** Status changes carried by the delivery. Default none. */
  upstream?: UpstreamStatus[];
}

/** A webhook delivery as the service hands it to a source: the raw body, before any parsing. */
export interface WebhookRequest {
  /** Request headers, lower-case names. */
  headers: Record<string, string>;
  /** The raw body bytes, exactly as received (signatures are computed over these). */
  body: Uint8Array;
}

/** What one poll returns. */
export interface PollResult {
  reports: RawReport[];
  /** Opaque resume point handed to the next poll (persisted by the service). Null: start over. */
  cursor: string | null;
  /** The provider asked to wait this long before the next call (Retry-After, rate limit), ms. */
  retryAfterMs?: number;
  /** Status changes seen (issues closed upstream). Default none. */
  upstream?: UpstreamStatus[];
}

/** Options of {@link Source.poll}. */
export interface PollOptions {
  /** The cursor the previous poll returned; null on the first poll. */
  cursor: string | null;
  /** Fires when the service stops or the poll times out. */
  signal: AbortSignal;
}

/** The outcome of {@link Source.test}: one authenticated call, said plainly. */
export interface SourceTestResult {
  ok: boolean;
  /** What worked, or what is wrong and what to do about it. Never contains a credential. */
  message: string;
}

/** A configured source instance, made by its module's `create` from validated configuration. */
export interface Source {
  /** Verifies and unpacks one webhook delivery. Absent: the source has no webhooks. */
  webhook?(request: WebhookRequest): Promise<WebhookResult>;
  /** Fetches what is new since `cursor`. Absent: the source is not polled. */
  poll?(options: PollOptions): Promise<PollResult>;
  /** Makes one authenticated call and says what is wrong, if anything. */
  test(): Promise<SourceTestResult>;
}

/** What a source module's `create` receives. */
export interface SourceContext<Config, Credentials> {
  /** The source's id in the store (webhook URL `/webhooks/<id>`). */
  id: string;
  config: Config;
  /** Secrets, read from the data folder (mode 0600) or the environment; never logged or returned. */
  credentials: Credentials;
  /** The HTTP client to use (tests point it at a local fake server). Default: global fetch. */
  fetch: typeof fetch;
}

/**
 * One provider's module, registered in the source registry.
 *
 * @typeParam Config - Non-secret settings (project slug, repository, app id, poll interval).
 * @typeParam Credentials - Secrets (tokens, client secrets, private keys).
 */
export interface SourceModule<Config = unknown, Credentials = unknown> {
  /** Stable kind name: `files`, `sentry`, `github`, `app-store`, `google-play`. */
  kind: string;
  /** One-line description for `sightline sources add --help`. */
  description: string;
  /** Validates the non-secret configuration. */
  configSchema: z.ZodType<Config>;
  /** Validates the secrets. */
  credentialsSchema: z.ZodType<Credentials>;
  /** Default interval between polls, ms; absent for sources that are not polled. */
  pollIntervalMs?: number;
  /** Builds a source from validated configuration and credentials. */
  create(context: SourceContext<Config, Credentials>): Source;
}
