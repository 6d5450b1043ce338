import { describe, expect, it } from 'vitest';
import { filesSource } from './files.js';
import { sentrySource } from './sentry/index.js';
import { describeSourceKind } from './source-kinds.js';
import type { SourceModule } from './types.js';

describe('source kinds', () => {
  it("reads a module's settings and secrets from its schemas", () => {
    const sentry = describeSourceKind(sentrySource as SourceModule<unknown, unknown>);
    expect(sentry).toMatchObject({ kind: 'sentry', pollIntervalMs: 60_000 });
    expect(sentry.settings.find((field) => field.name === 'organization')).toEqual({
      name: 'organization',
      type: 'string',
      description: 'Organization slug',
      required: true,
    });
    expect(sentry.settings.find((field) => field.name === 'maxPages')).toMatchObject({
      type: 'integer',
      required: false,
      default: 5,
    });
    expect(sentry.settings.find((field) => field.name === 'followUpstream')?.type).toBe('boolean');
    expect(sentry.secrets.map((field) => [field.name, field.required])).toEqual([
      ['authToken', false],
      ['clientSecret', false],
    ]);
    expect(describeSourceKind(filesSource as SourceModule<unknown, unknown>).secrets).toEqual([]);
  });
});
