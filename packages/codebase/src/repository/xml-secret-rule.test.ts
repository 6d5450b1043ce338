/** Fake values are put together from pieces so no file here matches a scanner's rule. */
import { describe, expect, it } from 'vitest';
import { scanSecrets } from './secrets.js';
import { XML_SECRET_RULE } from './xml-secret-rule.js';

const join = (...parts: string[]) => parts.join('');
const secret = join('xml', 'Passw0rd', 'Value');
/** The ranges the rule finds in `text`, as text. */
const found = (text: string) =>
  [...XML_SECRET_RULE.find(text, 'config.xml')].map(([start, end]) => text.slice(start, end));

describe('XML_SECRET_RULE', () => {
  it.each([
    // Fresh-user trial 43: shown by read_file and grep.
    [`  <password>${secret}</password>`],
    [`<db:password type="plain">${secret}</db:password>`],
    [`<apiKey><![CDATA[${secret}]]></apiKey>`],
    [`<add key="DbPassword" value="${secret}"/>`],
    [`<property name="password" value="${secret}" />`],
    [`<property name="hibernate.connection.password">${secret}</property>`],
    [`<entry key="password">${secret}</entry>`],
    [`<param name='client_secret' value='${secret}'></param>`],
    // Over several lines, as formatters write them.
    [`<password>\n  ${secret}\n</password>`],
    [`<db:password>\n  <![CDATA[${secret}]]>\n</db:password>`],
    [`<add key="Password"\n     value="${secret}" />`],
    [`<add\n  key="ApiToken"\n  value="${secret}"\n/>`],
    [`<entry key="password">\n  ${secret}\n</entry>`],
    [`<property name="password">\n  <value>${secret}</value>\n</property>`],
    // A comment between the start tag and the text.
    [`<password>\n  <!-- prod -->\n  ${secret}\n</password>`],
    [`<password>\n  <!-- prod -->\n  <![CDATA[${secret}]]>\n</password>`],
    [`<password><!-- a - b --><!-- two -->${secret}</password>`],
    [`<entry key="password">\n  <!-- prod -->\n  ${secret}\n</entry>`],
  ])('finds the secret in %j', (text) => {
    expect(found(text).some((range) => range.includes(secret))).toBe(true);
  });

  it.each([
    [
      'placeholders',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a Maven property, as written
      '<password>${db.password}</password><token></token><password>changeme</password>',
    ],
    ['an ellipsis', '<password>…</password> <add key="DbPassword" value="…"/>'],
    ['Spring and Maven properties', '<password>#{pw}</password><password>@db.password@</password>'],
    ['other elements and keys', `<user>${secret}</user><add key="Host" value="${secret}"/>`],
    ['pointers', `<password-file>/run/pw</password-file><add key="TokenUrl" value="https://x/t"/>`],
    [
      'an empty form field and a bound value',
      '<input type="password" name="password" value="">\n<Field name="password" value={pw} />',
    ],
    ['generics and comparisons', 'Map<string, Token> x; if (a<password && b>c) {}'],
    [
      'empty or bound values over lines',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a Maven property, as written
      '<password>\n</password>\n<add key="Password"\n  value="${db.password}" />\n<property name="password">\n  <ref bean="pw"/>\n</property>',
    ],
    [
      'a parent of a secret element',
      '<credentials>\n  <password>changeme</password>\n</credentials>',
    ],
    ['a comment alone', '<password>\n  <!-- set in prod -->\n</password>'],
  ])('finds nothing in %s', (_name, text) => {
    expect(found(text)).toEqual([]);
  });

  it('withholds the line in a scan of a whole file', async () => {
    const file = `<settings>\n  <servers>\n    <server>\n      <password>${secret}</password>\n    </server>\n  </servers>\n</settings>\n`;
    expect([...(await scanSecrets(file, 'settings.xml')).lines.keys()]).toEqual([4]);
  });

  it('withholds the lines of a value over several in a scan of a whole file', async () => {
    const file = `<configuration>\n  <appSettings>\n    <add key="Host" value="db" />\n    <add key="DbPassword"\n         value="${secret}" />\n  </appSettings>\n  <password>\n    ${secret}\n  </password>\n</configuration>\n`;
    const lines = [...(await scanSecrets(file, 'Web.config')).lines.keys()];
    expect(lines.sort((a, b) => a - b)).toEqual([4, 5, 7, 8, 9]);
  });
});
