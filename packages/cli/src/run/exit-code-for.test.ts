import { SightlineError, type SightlineErrorCode } from '@sightline/core';
import { describe, expect, it } from 'vitest';
import { exitCodeFor } from './exit-code-for.js';
import {
  EXIT_COST_LIMIT,
  EXIT_FAILURE,
  EXIT_MODEL,
  EXIT_MODEL_UNAVAILABLE,
  EXIT_USAGE,
} from './exit-codes.js';

const error = (code: SightlineErrorCode) => new SightlineError({ code, message: code });

describe('exitCodeFor', () => {
  it.each([
    ['MODEL_OUTPUT_INVALID', EXIT_MODEL],
    ['MODEL_CALL_FAILED', EXIT_MODEL],
    ['TOOL_FAILED', EXIT_FAILURE],
    ['COST_LIMIT_REACHED', EXIT_COST_LIMIT],
    ['INVALID_ARGUMENT', EXIT_USAGE],
    ['PATH_NOT_FOUND', EXIT_USAGE],
    ['MISSING_API_KEY', EXIT_USAGE],
  ] as const)('maps %s to exit %i', (code, exit) => {
    expect(exitCodeFor(error(code))).toBe(exit);
  });

  it('maps a model server that is down or failed to exit 6', () => {
    const down = new SightlineError({
      code: 'MODEL_CALL_FAILED',
      message: 'refused',
      details: { unavailable: true },
    });
    expect(exitCodeFor(down)).toBe(EXIT_MODEL_UNAVAILABLE);
  });

  it.each([
    ['refused the API key', { statusCode: 401, keyRejected: true }],
    ['is not a model API (an HTML page)', { statusCode: 200, notModelApi: true }],
  ])('maps a model server that %s to exit 2, a configuration mistake', (message, details) => {
    const error = new SightlineError({ code: 'MODEL_CALL_FAILED', message, details });
    expect(exitCodeFor(error)).toBe(EXIT_USAGE);
  });

  it('treats anything but a SightlineError as an unexpected failure', () => {
    expect(exitCodeFor(new Error('boom'))).toBe(EXIT_FAILURE);
    expect(exitCodeFor('boom')).toBe(EXIT_FAILURE);
  });
});
