import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';

// better-sqlite3 as an install without its install script leaves it: the binding cannot be found.
vi.mock('better-sqlite3', () => ({
  default: class {
    constructor() {
      throw new Error(
        'Could not locate the bindings file. Tried:\n → /x/node_modules/better-sqlite3/build/better_sqlite3.node',
      );
    }
  },
}));

const { describeDatabaseLocation, openDatabase, parseDatabaseLocation } = await import(
  './open-database.js'
);

describe('openDatabase without better-sqlite3’s native binding', () => {
  it('says what to do instead of a stack trace (STORE_UNAVAILABLE, exit 2 in the CLI)', async () => {
    await expect(openDatabase({ sqlite: ':memory:' })).rejects.toMatchObject({
      code: 'STORE_UNAVAILABLE',
      message: `The SQLite store cannot open: better-sqlite3's native binding was not built for this Node ${process.version} (its install script did not run, or ran for another Node). Reinstall with install scripts allowed for it (npm install -g --allow-scripts=better-sqlite3 <sightline-cli tarball>), or run \`npm rebuild better-sqlite3\` in the folder Sightline is installed in; or use Postgres (--database postgres://…).`,
    });
  });
});

describe('parseDatabaseLocation', () => {
  it('reads a Postgres URL or a SQLite file path', () => {
    expect(parseDatabaseLocation('postgres://u@h/db')).toEqual({ postgres: 'postgres://u@h/db' });
    for (const file of ['store.db', './a:b.db', '/var/lib/s.db', './C:/s.db', ':memory:']) {
      expect(parseDatabaseLocation(file)).toEqual({ sqlite: file });
    }
    expect(parseDatabaseLocation('C:\\s.db', { platform: 'win32' })).toEqual({
      sqlite: 'C:\\s.db',
    });
  });

  it('refuses a Windows drive path on another system instead of creating a folder named C:', () => {
    // Found by a fresh-user trial: serve --database C:/x on Linux created ./C:/x.
    for (const value of ['C:/x', 'c:\\data\\s.db', 'D:s.db']) {
      expect(() => parseDatabaseLocation(value, { platform: 'linux' })).toThrow(
        `--database ${value} is a Windows drive path, but this system (linux) has no drive letters: give the SQLite file as a path here, such as ./sightline.db or /var/lib/sightline/sightline.db (write ./${value} for a folder really named ${value.slice(0, 2)}).`,
      );
    }
  });

  it('refuses a sqlite: or file: URL instead of creating a file named after it', () => {
    for (const [value, prefix] of [
      ['sqlite:nope', 'sqlite:'],
      ['sqlite:///var/lib/s.db', 'sqlite://'],
      ['file:./s.db', 'file:'],
    ] as const) {
      expect(() => parseDatabaseLocation(value)).toThrow(
        `--database takes a SQLite file as a plain path, not a ${prefix} URL: write --database ./sightline.db or --database /var/lib/sightline/sightline.db (start a relative file name that holds a colon with ./).`,
      );
    }
    expect(() => parseDatabaseLocation('mysql:db')).toThrow(
      '--database takes postgres://user@host/db or a SQLite file path, not a mysql: URL.',
    );
  });
});

describe('describeDatabaseLocation', () => {
  it('names the kind of store and where it is, without a Postgres password', () => {
    expect(describeDatabaseLocation({ sqlite: 'data/s.db' })).toBe(
      `SQLite at ${path.resolve('data/s.db')}`,
    );
    expect(describeDatabaseLocation({ sqlite: ':memory:' })).toBe('SQLite in memory');
    expect(describeDatabaseLocation({ postgres: 'postgres://u:secret@db:5432/s' })).toBe(
      'Postgres at postgres://u:***@db:5432/s',
    );
  });
});
