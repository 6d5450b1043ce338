/**
 * The App Store Connect source: an app's customer reviews, polled newest first with a team API
 * key (JWT ES256). Apple sends no webhooks for reviews, so the source only polls.
 */
import { z } from 'zod';
import { pollPages } from '../poll-pages.js';
import type { Source, SourceContext, SourceModule } from '../types.js';
import { APP_STORE_CONNECT_URL, createAppStoreApi } from './api.js';
import { type CustomerReview, customerReviewReport, isCustomerReview } from './reports.js';

const configSchema = z.object({
  appId: z
    .string()
    .regex(/^\d+$/, 'The app id is the numeric Apple ID under App Information.')
    .describe("App's Apple ID (numeric)"),
  maxPages: z.number().int().min(1).max(100).default(5).describe('Pages of 200 reviews per poll'),
});
const credentialsSchema = z.object({
  issuerId: z.string().min(1).describe('Issuer id of the API keys'),
  keyId: z.string().min(1).describe('Key id'),
  privateKey: z
    .string()
    .includes('PRIVATE KEY', { message: 'The private key is the PEM text of the .p8 file.' })
    .describe('The .p8 private key (PEM text)'),
});

export type AppStoreConfig = z.output<typeof configSchema>;
export type AppStoreCredentials = z.output<typeof credentialsSchema>;

/** Options of {@link createAppStoreModule}. */
export interface AppStoreModuleOptions {
  /** API base URL. Default App Store Connect's; tests point it at a local fake server. */
  baseUrl?: string;
}

/** The App Store Connect source module, calling `baseUrl` (tests only; default Apple's API). */
export function createAppStoreModule({
  baseUrl = APP_STORE_CONNECT_URL,
}: AppStoreModuleOptions = {}): SourceModule<AppStoreConfig, AppStoreCredentials> {
  return {
    kind: 'app-store',
    description: 'App Store Connect customer reviews of one app, polled with a team API key.',
    configSchema: configSchema as unknown as z.ZodType<AppStoreConfig>,
    credentialsSchema: credentialsSchema as unknown as z.ZodType<AppStoreCredentials>,
    pollIntervalMs: 15 * 60_000,
    create: (context) => createAppStoreSource(context, baseUrl),
  };
}

/** The App Store Connect source module. */
export const appStoreSource = createAppStoreModule();

function createAppStoreSource(
  context: SourceContext<AppStoreConfig, AppStoreCredentials>,
  baseUrl: string,
): Source {
  const { config, credentials } = context;
  const api = (signal: AbortSignal) =>
    createAppStoreApi({
      ...credentials,
      baseUrl,
      appId: config.appId,
      fetch: context.fetch,
      signal,
    });
  return {
    poll({ cursor, signal }) {
      const client = api(signal);
      return pollPages<CustomerReview>({
        cursor,
        maxPages: config.maxPages,
        async page(next) {
          const { items, next: following } = await client.reviews(next);
          return { items: items.filter(isCustomerReview), next: following };
        },
        timeOf: (review) => review.attributes.createdDate,
        toReport: (review) => customerReviewReport(config.appId, review),
      });
    },
    async test() {
      try {
        const { total } = await api(AbortSignal.timeout(15_000)).probe();
        const count = total === undefined ? '' : `, ${total} reviews`;
        return {
          ok: true,
          message: `Connected to App Store Connect: app ${config.appId}${count}.`,
        };
      } catch (error) {
        return { ok: false, message: (error as Error).message };
      }
    },
  };
}
