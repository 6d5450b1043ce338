import { describe, expect, it } from 'vitest';
import type { Store } from '../../store/index.js';
import { codeRoutes } from './code.js';

describe('GET /api/code', () => {
  // The query is refused before the store is read.
  const app = codeRoutes({ store: {} as Store });

  it.each([
    [
      '',
      "Invalid request: project: give the project's id or name (?project=app); path: give a repository-relative file path of at most 1000 characters (?path=src/cart.js); line: give a whole number from 1 (?line=42)",
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
      'Invalid request: query: unknown parameter "file"; the parameters are project, path and line, e.g. ?project=app&path=src/cart.js&line=42',
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
