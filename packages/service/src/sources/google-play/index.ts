/**
 * The Google Play source: an app's reviews from the Google Play Developer API (`reviews.list`,
 * which serves the last week's reviews), polled with a service account key. Google sends no
 * webhooks for reviews, so the source only polls.
 */
import { z } from 'zod';
import { pollPages } from '../poll-pages.js';
import type { Source, SourceContext, SourceModule } from '../types.js';
import { ANDROID_PUBLISHER_URL, createGooglePlayApi } from './api.js';
import { isPlayReview, lastModified, type PlayReview, playReviewReport } from './reports.js';

const configSchema = z.object({
  packageName: z
    .string()
    .regex(/^[A-Za-z]\w*(\.[A-Za-z]\w*)+$/, 'The package name looks like com.example.app.')
    .describe('Package name (com.example.app)'),
  maxPages: z.number().int().min(1).max(100).default(10).describe('Pages of 100 reviews per poll'),
});
/** The service account's JSON key file, as Google Cloud gives it (other fields are kept). */
const credentialsSchema = z.looseObject({
  client_email: z.string().min(1).describe('Service account e-mail'),
  private_key: z
    .string()
    .includes('PRIVATE KEY', { message: 'private_key is the PEM text from the JSON key file.' })
    .describe('Private key (PEM)'),
  private_key_id: z.string().optional().describe('Key id'),
  token_uri: z.url().optional().describe('OAuth 2.0 token endpoint'),
});

export type GooglePlayConfig = z.output<typeof configSchema>;
export type GooglePlayCredentials = z.output<typeof credentialsSchema>;

/** Options of {@link createGooglePlayModule}. */
export interface GooglePlayModuleOptions {
  /** API base URL. Default Google's; tests point it at a local fake server. */
  baseUrl?: string;
}

/** The Google Play source module, calling `baseUrl` (tests only; default Google's API). */
export function createGooglePlayModule({
  baseUrl = ANDROID_PUBLISHER_URL,
}: GooglePlayModuleOptions = {}): SourceModule<GooglePlayConfig, GooglePlayCredentials> {
  return {
    kind: 'google-play',
    description: 'Google Play reviews of one app, polled with a service account JSON key.',
    configSchema: configSchema as unknown as z.ZodType<GooglePlayConfig>,
    credentialsSchema: credentialsSchema as unknown as z.ZodType<GooglePlayCredentials>,
    pollIntervalMs: 15 * 60_000,
    create: (context) => createGooglePlaySource(context, baseUrl),
  };
}

/** The Google Play source module. */
export const googlePlaySource = createGooglePlayModule();

function createGooglePlaySource(
  context: SourceContext<GooglePlayConfig, GooglePlayCredentials>,
  baseUrl: string,
): Source {
  const { config, credentials } = context;
  const api = (signal: AbortSignal) =>
    createGooglePlayApi({
      baseUrl,
      packageName: config.packageName,
      key: credentials,
      fetch: context.fetch,
      signal,
    });
  return {
    poll({ cursor, signal }) {
      const client = api(signal);
      return pollPages<PlayReview>({
        cursor,
        maxPages: config.maxPages,
        // The order of reviews.list is not documented: read every page (a week of reviews).
        newestFirst: false,
        async page(next) {
          const { items, next: following } = await client.reviews(next);
          return { items: items.filter(isPlayReview), next: following };
        },
        timeOf: lastModified,
        toReport: (review) => playReviewReport(config.packageName, review),
      });
    },
    async test() {
      try {
        await api(AbortSignal.timeout(15_000)).probe();
        return { ok: true, message: `Connected to Google Play: reviews of ${config.packageName}.` };
      } catch (error) {
        return { ok: false, message: (error as Error).message };
      }
    },
  };
}
