/**
 * @sightline/investigator/testing — test doubles for code built on the investigator: a tiny
 * repository with one known bug. The scripted model lives in `@sightline/core/testing`.
 */

export { diagnosisCiting } from './diagnosis-citing.js';
export { createFakeRepository, type FakeRepository, type KnownBug } from './fake-repository.js';
