/** Fake values are put together from pieces so no file here matches a scanner's rule. */
import { describe, expect, it } from 'vitest';
import { scanSecrets } from './secrets.js';
import { SQL_PASSWORD_RULE } from './sql-password-rule.js';

const join = (...parts: string[]) => parts.join('');
const secret = join('Fake', 'SqlPw', '42');
/** The ranges the rule finds in `text`, as text. */
const found = (text: string) =>
  [...SQL_PASSWORD_RULE.find(text, 'db/init.sql')].map(([start, end]) => text.slice(start, end));

describe('SQL_PASSWORD_RULE', () => {
  it.each([
    [`CREATE USER app IDENTIFIED BY '${secret}';`, `IDENTIFIED BY '${secret}'`],
    [`create user 'app'@'%' identified by '${secret}';`, `identified by '${secret}'`],
    [`ALTER USER app IDENTIFIED BY ${secret};`, `IDENTIFIED BY ${secret}`],
    [`ALTER USER app IDENTIFIED BY letmein;`, 'IDENTIFIED BY letmein'],
    [`CREATE USER app IDENTIFIED WITH mysql_native_password BY '${secret}';`, `BY '${secret}'`],
    [`GRANT ALL ON shop.* TO app IDENTIFIED BY 'letmein';`, "IDENTIFIED BY 'letmein'"],
    [`CREATE ROLE app WITH LOGIN PASSWORD '${secret}';`, `PASSWORD '${secret}'`],
    [`ALTER ROLE app WITH ENCRYPTED PASSWORD 'letmein';`, "PASSWORD 'letmein'"],
    [`CREATE USER app\n  WITH LOGIN\n  PASSWORD '${secret}';`, `PASSWORD '${secret}'`],
    [`CREATE LOGIN app WITH PASSWORD = '${secret}';`, `PASSWORD = '${secret}'`],
    [`SET PASSWORD FOR 'app'@'%' = '${secret}';`, `= '${secret}'`],
  ])('finds the password in %j', (text, clause) => {
    expect(found(text).some((range) => range.endsWith(clause))).toBe(true);
  });

  it.each([
    ['bind parameters', 'CREATE USER ? IDENTIFIED BY ?; ALTER USER app IDENTIFIED BY :pw;'],
    ['a variable', 'CREATE USER app IDENTIFIED BY @new_password;'],
    ['a format', 'cursor.execute("CREATE USER %s IDENTIFIED BY \'%s\'" % (user, pw))'],
    [
      'a hash of none and keywords',
      'ALTER USER app IDENTIFIED BY VALUES; ALTER ROLE app PASSWORD NULL;',
    ],
    ['an external login', 'CREATE USER ops IDENTIFIED EXTERNALLY;'],
    ['prose', 'Each user is identified by name, and each session identified by its token.'],
    ['an option of no login statement', "SELECT * FROM users WHERE password = 'x';"],
  ])('finds nothing in %s', (_name, text) => {
    expect(found(text)).toEqual([]);
  });

  it('withholds the line of a migration that creates a user', async () => {
    const migration = `-- users\nCREATE DATABASE shop;\nCREATE USER app IDENTIFIED BY 'letmein';\nGRANT ALL ON shop.* TO app;\n`;
    expect([...(await scanSecrets(migration, 'db/001_init.sql')).lines.keys()]).toEqual([3]);
  });
});
