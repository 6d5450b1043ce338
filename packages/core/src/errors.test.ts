import { describe, expect, it } from 'vitest';
import { isToolError, SightlineError, toToolError } from './errors.js';

describe('SightlineError', () => {
  it('carries a stable code and details, recognised by isInstance', () => {
    const error = new SightlineError({
      code: 'PATH_OUTSIDE_ROOT',
      message: 'Path ../x leaves the repository root; give a path inside it.',
      details: { path: '../x' },
    });
    expect(SightlineError.isInstance(error)).toBe(true);
    expect(SightlineError.isInstance(new Error('x'))).toBe(false);
    expect(error).toMatchObject({ code: 'PATH_OUTSIDE_ROOT', details: { path: '../x' } });
  });

  it('turns thrown values into model-readable tool errors', () => {
    const fromSightline = toToolError(
      new SightlineError({ code: 'INVALID_REGEX', message: 'bad' }),
    );
    expect(fromSightline).toEqual({ error: { code: 'INVALID_REGEX', message: 'bad' } });
    expect(toToolError(new Error('boom'))).toEqual({
      error: { code: 'TOOL_FAILED', message: 'boom' },
    });
    expect(isToolError(fromSightline)).toBe(true);
    expect(isToolError({ ok: true })).toBe(false);
  });

  it('never throws, even for a thrown proxy whose every trap throws', () => {
    const hostile = new Proxy(
      {},
      {
        get() {
          throw new Error('trap');
        },
        getPrototypeOf() {
          throw new Error('trap');
        },
        has() {
          throw new Error('trap');
        },
      },
    );
    expect(toToolError(hostile)).toEqual({
      error: { code: 'TOOL_FAILED', message: 'The tool failed with an error that cannot be read.' },
    });
  });
});
