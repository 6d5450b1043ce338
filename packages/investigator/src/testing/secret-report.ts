/**
 * A bug report a user pasted secrets into (found by fresh-user trial 16): an AWS key in its title
 * and its exception message, the key's secret after it, and a private key block, over a crash in
 * the fake repository's `cartTotal`. The secrets are AWS's documentation examples and a key body
 * cut short, assembled here so no scanner of this repository takes them for real ones.
 */

/** The report and the strings of it no output may show. */
export interface SecretReport {
  /** The report's text, as a user would file it. */
  text: string;
  /** The key ID, its secret and a fragment of the private key's body. */
  secrets: string[];
}

/**
 * Builds the report.
 * @returns its text and its secrets.
 */
export function createSecretReport(): SecretReport {
  const keyId = ['AKIA', 'IOSFODNN7EXAMPLE'].join('');
  const secret = ['wJalrXUtnFEMI', 'K7MDENG', 'bPxRfiCYEXAMPLEKEY'].join('/');
  const keyBody = ['MIIEowIBAAKCAQEA1c7', '+9z5Pad7OejecsQ0bu3aumaGa6xrwN3Z3IgUaB4FBoqH6'].join('');
  const pem = (edge: string) => `-----${edge} RSA ${['PRIVATE', 'KEY'].join(' ')}-----`;
  const text = [
    `# Login fails with ${keyId} in the title`,
    '',
    `Error: invalid credentials ${keyId} secret=${secret}`,
    '    at cartTotal (/srv/shop/src/cart/total.ts:6:25)',
    '    at parseConfig (/home/user/project/node_modules/miniconf/src/parser.js:10:73)',
    pem('BEGIN'),
    keyBody,
    pem('END'),
    '',
  ].join('\n');
  return { text, secrets: [keyId, secret, keyBody.slice(0, 19)] };
}
