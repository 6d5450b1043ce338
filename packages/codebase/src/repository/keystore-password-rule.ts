/**
 * Passwords of keys and keystores on a command line, as the tools' manuals write them: keytool's
 * and jarsigner's `-storepass …`, `-keypass …`, `-srcstorepass …`, `-deststorepass …`,
 * `-srckeypass …`, `-destkeypass …` (their `-storepass:env VAR` and `-storepass:file path` forms
 * name where the password is, not the password), and OpenSSL's pass phrase arguments
 * (openssl-passphrase-options(1)): `-passin pass:…`, `-passout pass:…`, `-pass pass:…`,
 * `-password pass:…` (its `env:`, `file:`, `fd:` and `stdin` forms hold none), and `openssl enc
 * -k …`, the cipher command's older pass phrase option (openssl-enc(1)). These options
 * have a single dash, which the long-option rule of command-password-rule.ts does not read.
 */
import { isOptionPassword, isPassword, programOptions, VALUE } from './command-line-options.js';
import type { SecretRule } from './secret-rule.js';

/** keytool's and jarsigner's password options with a value (group 1) after a space. */
const KEYTOOL_OPTION = new RegExp(String.raw`-(?:src|dest)?(?:store|key)pass[ \t]+${VALUE}`, 'g');

/** OpenSSL's pass phrase options given `pass:<password>` (group 2), quoted or not. */
const OPENSSL_PASS = /-pass(?:in|out|word)?[ \t]+(["']?)pass:([^\s"'`&|;]{1,256})\1/g;

/** OpenSSL, and its cipher command's `-k <pass phrase>` (group 1; `-kfile` names a file). */
const OPENSSL = /\bopenssl(?:\.exe)?(?![\w.-])/g;
const OPENSSL_K = new RegExp(String.raw`(?<=[\s"'])-k[ \t]+${VALUE}`, 'g');

/** A key's or a keystore's password on a command line; each range runs from the option through its value. */
export const KEYSTORE_PASSWORD_RULE: SecretRule = {
  what: "a key's password on a command line",
  *find(text) {
    for (const found of text.matchAll(KEYTOOL_OPTION)) {
      // After a space or a quote, as an option is written (not inside `--store-pass`, that rule's).
      if (found.index > 0 && !/[\s"']/.test(text.charAt(found.index - 1))) continue;
      const raw = found[1] ?? '';
      if (isOptionPassword(raw)) yield [found.index, found.index + found[0].length];
    }
    for (const found of text.matchAll(OPENSSL_PASS)) {
      if (found.index > 0 && !/[\s"']/.test(text.charAt(found.index - 1))) continue;
      if (isPassword(found[2] ?? '')) yield [found.index, found.index + found[0].length];
    }
    yield* programOptions(text, OPENSSL, OPENSSL_K, isOptionPassword);
  },
};
