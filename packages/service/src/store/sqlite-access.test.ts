import { describe, expect, it } from 'vitest';
import { sqliteAccessProblem } from './sqlite-access.js';

const ADVICE =
  'Run the command as the user who runs `sightline serve` (the owner of the store), or let this user read and write the file and its folder (SQLite writes its -wal and -shm files beside it).';

describe('sqliteAccessProblem', () => {
  it('names the store and what to do for a store this user may only read', () => {
    for (const code of ['SQLITE_READONLY', 'SQLITE_READONLY_DIRECTORY', 'SQLITE_PERM'])
      expect(sqliteAccessProblem({ code }, '/srv/s.db')).toBe(
        `The store at /srv/s.db is read-only for this user (${code}). ${ADVICE}`,
      );
  });

  it('says a store or folder this user may not open is one, not that there is no store', () => {
    for (const code of ['SQLITE_CANTOPEN', 'EACCES'])
      expect(sqliteAccessProblem({ code }, '/srv/s.db')).toBe(
        `The store at /srv/s.db cannot be opened by this user (${code}): it or a folder on its path cannot be read or written. ${ADVICE}`,
      );
  });

  it('leaves other failures to their own message', () => {
    for (const error of [{ code: 'SQLITE_CORRUPT' }, new Error('disk I/O error'), null, 'text'])
      expect(sqliteAccessProblem(error, '/srv/s.db')).toBeUndefined();
  });
});
