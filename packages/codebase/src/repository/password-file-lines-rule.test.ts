/** Fake values are put together from pieces so no file here matches a scanner's rule. */
import { describe, expect, it } from 'vitest';
import { PASSWORD_FILE_LINES_RULE } from './password-file-lines-rule.js';

const join = (...parts: string[]) => parts.join('');
const found = (text: string) =>
  [...PASSWORD_FILE_LINES_RULE.find(text, 'report.md')].map(([start, end]) =>
    text.slice(start, end),
  );

describe('PASSWORD_FILE_LINES_RULE', () => {
  it('finds the password of a netrc entry on one line or across lines', () => {
    const secret = join('Fake', 'Pw99');
    expect(found(`machine git.example.com login ci password ${secret}\n`)).toEqual([
      `password ${secret}`,
    ]);
    expect(
      found(
        `my ~/.netrc:\nmachine api.example.com\n  login ci\n  password ${secret}\nthen it fails`,
      ),
    ).toEqual([`password ${secret}`]);
    expect(found(`default login anonymous password ${secret}`)).toEqual([`password ${secret}`]);
    // Quoted, as curl reads it (trial 40).
    expect(found(`machine git.internal login deploy password "${secret}"`)).toEqual([
      `password "${secret}"`,
    ]);
  });

  it('finds the password of a pgpass line, escaped colons and wildcards included', () => {
    const line = join('db.example.com:5432:*:app:Fake', 'Pw\\:99');
    expect(found(`cat ~/.pgpass\n${line}\n`)).toEqual([line]);
    // Indented, or quoted inline in a sentence (trial 40).
    const inline = join('db.internal:5432:app:admin:Fake', 'Pw99');
    expect(found(`    ${inline}\nand .pgpass: ${inline} there, or \`${inline}\``)).toEqual([
      inline,
      inline,
      inline,
    ]);
    expect(found(join('*:*:*:postgres:Fake', 'Pw99'))).toEqual([
      join('*:*:*:postgres:Fake', 'Pw99'),
    ]);
  });

  it('leaves prose, placeholders and look-alikes alone', () => {
    expect(found('the machine learning model asks for a password reset')).toEqual([]);
    expect(found('machine learning login flow: password reset emails are sent')).toEqual([]);
    expect(found('machine ci.example.com login ci, and later the password of the user')).toEqual(
      [],
    );
    expect(found("netrc('machine h login u password <password>');")).toEqual([]);
    expect(found('machine example.com login ci password $NETRC_PASSWORD')).toEqual([]);
    expect(found('machine example.com login ci password <password>')).toEqual([]);
    expect(found('localhost:5432:app:app:changeme')).toEqual([]);
    expect(found('12:30:45:678:901')).toEqual([]);
    expect(found('at Object.<anonymous> (src/a.js:10:5)')).toEqual([]);
  });
});
