/**
 * @sightline/investigator/testing — test doubles for code built on the investigator: a tiny
 * repository with one known bug, and a report that holds secrets. The scripted model lives in
 * `@sightline/core/testing`.
 */

export { diagnosisCiting } from './diagnosis-citing.js';
export { createFakeRepository, type FakeRepository, type KnownBug } from './fake-repository.js';
export { createSecretReport, type SecretReport } from './secret-report.js';
