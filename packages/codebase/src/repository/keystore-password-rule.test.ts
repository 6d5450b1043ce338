/** Fake values are put together from pieces so no file here matches a scanner's rule. */
import { describe, expect, it } from 'vitest';
import { KEYSTORE_PASSWORD_RULE } from './keystore-password-rule.js';
import { scanSecrets } from './secrets.js';

const join = (...parts: string[]) => parts.join('');
const secret = join('Fake', 'StorePw', '42');
/** The ranges the rule finds in `text`, as text. */
const found = (text: string) =>
  [...KEYSTORE_PASSWORD_RULE.find(text, 'build.sh')].map(([start, end]) => text.slice(start, end));

describe('KEYSTORE_PASSWORD_RULE', () => {
  it.each([
    [
      `keytool -genkeypair -alias app -keystore app.jks -storepass ${secret} -keypass letmein`,
      [`-storepass ${secret}`, '-keypass letmein'],
    ],
    [
      `keytool -importkeystore -srcstorepass '${secret}' -deststorepass "${secret}"`,
      [`-srcstorepass '${secret}'`, `-deststorepass "${secret}"`],
    ],
    [`jarsigner -storepass ${secret} app.jar alias`, [`-storepass ${secret}`]],
    [`openssl pkcs12 -export -in a.crt -passout pass:${secret}`, [`-passout pass:${secret}`]],
    [`openssl rsa -in key.pem -passin 'pass:${secret}'`, [`-passin 'pass:${secret}'`]],
    [`openssl enc -aes-256-cbc -pass pass:${secret} -in a`, [`-pass pass:${secret}`]],
    [`openssl enc -aes-256-cbc -salt -k ${secret} -in a -out b`, [`-k ${secret}`]],
  ])('finds the passwords in %j', (text, options) => {
    expect(found(text)).toEqual(options);
  });

  it.each([
    [
      'keytool reading them elsewhere',
      'keytool -list -storepass:env STOREPASS -keypass:file k.txt',
    ],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell variable, as written
    ['variables', 'keytool -list -storepass "$STORE_PASSWORD" -keypass ${KEY_PASSWORD}'],
    ['an option with no value', 'keytool -list -storepass -v'],
    [
      'openssl reading them elsewhere',
      'openssl rsa -passin env:PW -passout file:pw.txt -pass stdin',
    ],
    ['openssl reading a file', 'openssl enc -d -aes-256-cbc -kfile key.txt -in b'],
  ])('finds nothing in %s', (_name, text) => {
    expect(found(text)).toEqual([]);
  });

  it('withholds the line of a build script', async () => {
    const script = `#!/bin/sh\nset -e\nopenssl pkcs12 -export -out app.p12 -passout pass:${secret}\necho done\n`;
    expect([...(await scanSecrets(script, 'scripts/sign.sh')).lines.keys()]).toEqual([3]);
  });
});
