/**
 * The App Store Connect source: an app's customer reviews, polled newest first with a team API
 * key (JWT ES256). Apple sends no webhooks for reviews, so the source only polls.
 */
import { z } from 'zod';
import { defineSourceModule, testConnection } from '../define-source-module.js';
import { pollPages } from '../poll-pages.js';
import { maxPagesSetting, privateKeySecret } from '../source-settings.js';
import { APP_STORE_CONNECT_URL, createAppStoreApi } from './api.js';
import { customerReviewReport, isCustomerReview } from './reports.js';

const configSchema = z.strictObject({
  baseUrl: z
    .url()
    .default(APP_STORE_CONNECT_URL)
    .describe("App Store Connect API URL (a proxy or mirror; default Apple's)"),
  appId: z
    .string()
    .regex(/^\d+$/, 'The app id is the numeric Apple ID under App Information.')
    .describe("App's Apple ID (numeric)"),
  maxPages: maxPagesSetting(5, 'Pages of 200 reviews per poll'),
});
const credentialsSchema = z.object({
  issuerId: z.string().min(1).describe('Issuer id of the API keys'),
  keyId: z.string().min(1).describe('Key id'),
  privateKey: privateKeySecret(
    'ec-p256',
    'The private key is the PEM text of the .p8 file App Store Connect gave (-----BEGIN PRIVATE KEY-----, an EC P-256 key; developer.apple.com, "Creating API Keys for App Store Connect API"); this is not one.',
    'The .p8 private key (PEM text)',
  ),
});

export type AppStoreConfig = z.output<typeof configSchema>;
export type AppStoreCredentials = z.output<typeof credentialsSchema>;

/** The App Store Connect source module (its API at the configured `baseUrl`). */
export const appStoreSource = defineSourceModule({
  kind: 'app-store',
  description: 'App Store Connect customer reviews of one app, polled with a team API key.',
  configSchema,
  credentialsSchema,
  pollIntervalMs: 15 * 60_000,
  create({ config, credentials, fetch }) {
    const api = (signal: AbortSignal) =>
      createAppStoreApi({
        ...credentials,
        baseUrl: config.baseUrl,
        appId: config.appId,
        fetch,
        signal,
      });
    return {
      poll: ({ cursor, signal }) =>
        pollPages({
          cursor,
          maxPages: config.maxPages,
          page: api(signal).reviews,
          isItem: isCustomerReview,
          timeOf: (review) => review.attributes.createdDate,
          toReport: (review) => customerReviewReport(config.appId, review),
        }),
      test: () =>
        testConnection(async (signal) => {
          const { total } = await api(signal).probe();
          const count = total === undefined ? '' : `, ${total} reviews`;
          return `Connected to App Store Connect: app ${config.appId}${count}.`;
        }),
    };
  },
});
