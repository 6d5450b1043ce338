/**
 * Redis' password directives (redis.conf, "Security"): `requirepass <password>`, `masterauth
 * <password>` (a replica's), Sentinel's `sentinel auth-pass <master> <password>`, the same as a
 * server's options (`redis-server --requirepass …`, a compose file's `command:`) and set at run time
 * (`CONFIG SET requirepass …`), and the passwords of ACL users (Redis ACL: `user app on >… ~*
 * +@all` in redis.conf or an ACL file, `ACL SETUSER app on >…`; `<…` removes one, and names it
 * too). The redis-cli rule of command-password-rule.ts reads only the
 * client's `-a`; the directive's name has no `password` in it for the other rules to read.
 */
import { isPassword, VALUE } from './command-line-options.js';
import { looksLikePassword } from './password-value.js';
import type { SecretRule } from './secret-rule.js';

/**
 * A directive with its value (group 1): `requirepass`, `masterauth` or `sentinel auth-pass
 * <master>`, in lower or upper case (Redis reads them in any; a pattern of literals is searched
 * for several times faster than one case-insensitive); where it may start (a line's start, after
 * a space, a quote or `--`) is checked in code, not by a lookbehind the engine would try at every
 * position.
 */
const DIRECTIVE = new RegExp(
  String.raw`(?:requirepass|REQUIREPASS|masterauth|MASTERAUTH|(?:sentinel|SENTINEL)[ \t]+(?:auth-pass|AUTH-PASS)[ \t]+\S+)[ \t]+${VALUE}`,
  'g',
);

/** A Redis or Sentinel configuration file, where a directive's value is a password whatever its shape. */
const REDIS_CONFIG_FILE = /(?:^|[/\\])[^/\\]*(?:redis|sentinel)[^/\\]*\.conf$/i;

/** An ACL file (`users.acl`), whose `user` lines are as redis.conf's. */
const ACL_FILE = /\.acl$/i;

/**
 * An ACL user's rules (group 1): a `user <name>` line of a configuration or ACL file (`userLines`),
 * or `ACL SETUSER <name>` anywhere.
 */
const ACL_SETUSER = /\bACL[ \t]+SETUSER[ \t]+\S+([^\n]{0,1024})/gi;
const ACL_USER_LINE = /^[ \t]*user[ \t]+\S+([^\n]{0,1024})/gm;
/** A rule that adds or removes a password (`>…`, `<…`) after a space, its value group 1. */
const ACL_PASSWORD = /(?<=[ \t])[<>]([^\s"'`]{1,256})/g;

/**
 * The ranges of the password rules of ACL users.
 * @param userLines - whether `user <name> …` lines are ACL users (a Redis configuration or ACL file).
 */
function* aclPasswords(text: string, userLines: boolean): Generator<[number, number]> {
  const users = userLines ? [ACL_SETUSER, ACL_USER_LINE] : [ACL_SETUSER];
  for (const user of users) {
    for (const found of text.matchAll(user)) {
      const rules = found[1] ?? '';
      const from = found.index + found[0].length - rules.length;
      for (const password of rules.matchAll(ACL_PASSWORD)) {
        if (!isPassword(password[1] ?? '')) continue;
        yield [from + password.index, from + password.index + password[0].length];
      }
    }
  }
}

/** redis.conf's own example (`# requirepass foobared`), no password. */
const EXAMPLE = /^foobared$/i;

/**
 * A password of a Redis directive or ACL user: in a Redis configuration file any value (not a placeholder, a
 * variable or redis.conf's example); elsewhere (prose, a script) one that looks like a password,
 * so "set requirepass in redis.conf" keeps its words.
 */
export const REDIS_PASSWORD_RULE: SecretRule = {
  what: "a Redis server's password",
  *find(text, filePath) {
    const configFile = REDIS_CONFIG_FILE.test(filePath);
    for (const found of text.matchAll(DIRECTIVE)) {
      if (found.index > 0 && !/[\s"'-]/.test(text.charAt(found.index - 1))) continue;
      const raw = found[1] ?? '';
      const value = raw.replace(/^["']|["']$/g, '');
      if (!isPassword(raw) || EXAMPLE.test(value) || value.startsWith('-')) continue;
      if (!configFile && !looksLikePassword(value, 4)) continue;
      yield [found.index, found.index + found[0].length];
    }
    yield* aclPasswords(text, configFile || ACL_FILE.test(filePath));
  },
};
