/**
 * The password of a Go MySQL driver's data source name (go-sql-driver/mysql, "DSN (Data Source
 * Name)": `[user[:password]@][protocol[(address)]]/dbname`): `app:…@tcp(127.0.0.1:3306)/shop`,
 * `app:…@unix(/run/mysqld.sock)/shop`, `app:…@/shop`. It has no scheme, so neither secretlint's
 * connection-string rule nor the URL rule of secret-rules.ts (`scheme://<user>:<password>@host`)
 * reads it.
 */
import { PLACEHOLDER } from './secret-placeholder.js';
import type { SecretRule } from './secret-rule.js';

/** What follows a DSN's credentials: `@` then a protocol with its address, or the `/` of no address. */
const AFTER_CREDENTIALS = /@(?:tcp6?\(|unix\(|udp\(|\/)/g;
/**
 * The characters of `user:password`, read back from the `@`: no space, quote, `@` or `=` (the
 * `=` of `DSN=app:…@tcp(…)/shop` starts the value).
 */
const CREDENTIAL_CHARS = /[^\s"'`@=]/;
/** Farthest the credentials are read back from the `@`, in characters. */
const MOST = 320;
/** A DSN's user name. */
const USER = /^[\w.+-]{1,64}$/;

/**
 * Whether a password is one rather than a format's or a template's hole (`%s`, `%v`, `{}`,
 * `${DB_PASSWORD}`, `$PW`, `<password>`, `{{ .Password }}`) or an ellipsis (`app:…@/shop`).
 */
function isDsnPassword(value: string): boolean {
  if (PLACEHOLDER.test(value) || /…|\.{3}/.test(value)) return false;
  return !/^(?:%[a-z]|\{|\$|<)/i.test(value) && !/%[svdq]$/.test(value);
}

/** A Go MySQL DSN's password; each range runs from the user's name through the `@`. */
export const MYSQL_DSN_RULE: SecretRule = {
  what: "a password in a MySQL driver's data source name",
  *find(text) {
    for (const found of text.matchAll(AFTER_CREDENTIALS)) {
      let start = found.index;
      while (
        start > Math.max(0, found.index - MOST) &&
        CREDENTIAL_CHARS.test(text.charAt(start - 1))
      )
        start--;
      // At a string's or a value's start (a quote, `=`, a space), not inside a URL (`//`) or a word.
      if (start > 0 && !/[\s"'`=]/.test(text.charAt(start - 1))) continue;
      const credentials = text.slice(start, found.index);
      const colon = credentials.indexOf(':');
      if (colon === -1 || !USER.test(credentials.slice(0, colon))) continue;
      if (isDsnPassword(credentials.slice(colon + 1))) yield [start, found.index + 1];
    }
  },
};
