/** Fake values are put together from pieces so no file here matches a scanner's rule. */
import { describe, expect, it } from 'vitest';
import { MYSQL_DSN_RULE } from './mysql-dsn-rule.js';
import { scanSecrets } from './secrets.js';

const join = (...parts: string[]) => parts.join('');
const secret = join('Fake', 'GoPw', '42');
/** The ranges the rule finds in `text`, as text. */
const found = (text: string) =>
  [...MYSQL_DSN_RULE.find(text, 'main.go')].map(([start, end]) => text.slice(start, end));

describe('MYSQL_DSN_RULE', () => {
  it.each([
    [`db, err := sql.Open("mysql", "app:${secret}@tcp(127.0.0.1:3306)/shop")`, `app:${secret}@`],
    [`dsn := \`app:letmein@unix(/run/mysqld/mysqld.sock)/shop?parseTime=true\``, 'app:letmein@'],
    [`const dsn = "root:${secret}@/shop"`, `root:${secret}@`],
    [`DSN=app:${secret}@tcp(db:3306)/shop`, `app:${secret}@`],
  ])('finds the password in %j', (text, range) => {
    expect(found(text)).toEqual([range]);
  });

  it.each([
    ['a format', 'dsn := fmt.Sprintf("%s:%s@tcp(%s)/%s", user, pass, host, name)'],
    [
      'a template',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a template, as written
      'dsn: "{{ .User }}:{{ .Password }}@tcp(db)/shop"; "app:${DB_PASSWORD}@tcp(db)/shop"',
    ],
    ['a user alone', 'dsn := "app@tcp(127.0.0.1:3306)/shop"'],
    ['a URL, the URL rule reads', `mysql://app:${secret}@db.example.com/shop`],
    ['an npm alias', '"lib": "npm:@scope/lib@1.0.0"'],
  ])('finds nothing in %s', (_name, text) => {
    expect(found(text)).toEqual([]);
  });

  it('withholds the line of a Go file', async () => {
    const code = `package main\n\nfunc open() {\n\tsql.Open("mysql", "app:${secret}@tcp(127.0.0.1:3306)/shop")\n}\n`;
    expect([...(await scanSecrets(code, 'db.go')).lines.keys()]).toEqual([4]);
  });
});
