/**
 * The Google Play source: an app's reviews from the Google Play Developer API (`reviews.list`,
 * which serves the last week's reviews), polled with a service account key. Google sends no
 * webhooks for reviews, so the source only polls.
 */
import { z } from 'zod';
import { defineSourceModule, testConnection } from '../define-source-module.js';
import { pollPages } from '../poll-pages.js';
import { addressSetting, maxPagesSetting, privateKeySecret } from '../source-settings.js';
import { ANDROID_PUBLISHER_URL, createGooglePlayApi } from './api.js';
import { GOOGLE_TOKEN_URL } from './auth.js';
import { isPlayReview, lastModified, playReviewReport } from './reports.js';

const configSchema = z.strictObject({
  baseUrl: z
    .url()
    .default(ANDROID_PUBLISHER_URL)
    .describe("Android Publisher API URL (a proxy or mirror; default Google's)"),
  packageName: z
    .string()
    .regex(/^[A-Za-z]\w*(\.[A-Za-z]\w*)+$/, 'The package name looks like com.example.app.')
    .describe('Package name (com.example.app)'),
  maxPages: maxPagesSetting(10, 'Pages of 100 reviews per poll'),
});
/** The service account's JSON key file, as Google Cloud gives it (other fields are kept). */
const credentialsSchema = z.looseObject({
  client_email: z.string().min(1).describe('Service account e-mail'),
  private_key: privateKeySecret(
    'rsa',
    "private_key is the PEM text from the service account's JSON key file (-----BEGIN PRIVATE KEY-----, an RSA key); this is not one.",
    'Private key (PEM)',
  ),
  private_key_id: z.string().optional().describe('Key id'),
  token_uri: addressSetting(GOOGLE_TOKEN_URL, 'OAuth 2.0 token endpoint'),
});

export type GooglePlayConfig = z.output<typeof configSchema>;
export type GooglePlayCredentials = z.output<typeof credentialsSchema>;

/** The Google Play source module (its API at the configured `baseUrl`). */
export const googlePlaySource = defineSourceModule({
  kind: 'google-play',
  description: 'Google Play reviews of one app, polled with a service account JSON key.',
  configSchema,
  credentialsSchema,
  pollIntervalMs: 15 * 60_000,
  create({ config, credentials, fetch }) {
    const { packageName } = config;
    const api = (signal: AbortSignal) =>
      createGooglePlayApi({
        baseUrl: config.baseUrl,
        packageName,
        key: credentials,
        fetch,
        signal,
      });
    return {
      poll: ({ cursor, signal }) =>
        pollPages({
          cursor,
          maxPages: config.maxPages,
          // The order of reviews.list is not documented: read every page (a week of reviews).
          newestFirst: false,
          page: api(signal).reviews,
          isItem: isPlayReview,
          timeOf: lastModified,
          toReport: (review) => playReviewReport(packageName, review),
        }),
      test: () =>
        testConnection(async (signal) => {
          await api(signal).probe();
          return `Connected to Google Play: reviews of ${packageName}.`;
        }),
    };
  },
});
