/** The morning digest: what waits (new groups, regressions, diagnoses), by webhook and e-mail. */
export {
  collectDigest,
  type Digest,
  type DigestItem,
  type DigestSection,
  type DigestSuspect,
  isEmptyDigest,
} from './collect-digest.js';
export { type DeliverOptions, postToWebhook, sendDigestEmail } from './deliver-digest.js';
export {
  DIGEST_ENV,
  type DigestConfig,
  type DigestSettings,
  digestChannels,
  readDigestConfig,
} from './digest-config.js';
export {
  checkDigestSchedule,
  type DigestSchedule,
  type DigestScheduleOptions,
  scheduleDigest,
} from './digest-schedule.js';
export { type DigestStyle, digestSubject, renderDigest } from './render-digest.js';
export {
  type DigestOutcome,
  FIRST_DIGEST_LOOKBACK_MS,
  type SendDigestOptions,
  sendDigest,
} from './send-digest.js';
