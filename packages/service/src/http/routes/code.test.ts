import { describe, expect, it } from 'vitest';
import type { Store } from '../../store/index.js';
import { codeRoutes } from './code.js';

describe('GET /api/code', () => {
  // The query is refused before the store is read.
  const app = codeRoutes({ store: {} as Store });

  it.each([
    [
      '',
      'Invalid request: path: give a repository-relative file path of at most 1000 characters (?path=src/cart.js); line: give a whole number from 1 (?line=42)',
    ],
    [
      '?project=app&path=a.js&line=-4',
      'Invalid request: line: give a whole number from 1 (?line=42)',
    ],
    [
      '?project=app&path=a.js&line=2.5',
      'Invalid request: line: give a whole number from 1 (?line=42)',
    ],
    [
      '?project=app&path=a.js&line=x',
      'Invalid request: line: give a whole number from 1 (?line=42)',
    ],
    [
      '?project=app&path=a.js&line=3&file=b.js',
      'Invalid request: query: unknown parameter "file"; the parameters are path, line and project (when the service has several), e.g. ?path=src/cart.js&line=42&project=app',
    ],
  ])(
    'answers %j with what each parameter takes, not the validator’s words',
    async (query, message) => {
      // Found by a fresh-user trial: "project: Invalid input: expected string, received undefined".
      const response = await app.request(`/${query}`);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: { code: 'INVALID_ARGUMENT', message } });
    },
  );
});
