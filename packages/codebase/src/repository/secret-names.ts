/**
 * How secret rules tell a secret's name: settings and identifiers whose value is a secret
 * (`password`, `db_pass`, `apiKey`), and those that only name or point at one (`token_url`,
 * `secret_name`). Shared by the rules of secret-rules.ts and environment-fallback-rule.ts.
 */

/** Whether a character code is in `\w` (`[A-Za-z0-9_]`). */
export function isWordCode(code: number): boolean {
  return (
    (code >= 65 && code <= 90) ||
    (code >= 97 && code <= 122) ||
    (code >= 48 && code <= 57) ||
    code === 95
  );
}

/**
 * Names of settings whose value is a secret (the last part of a dotted, dashed or snake name):
 * `password` and its spellings `pass`, `passwd`, `pass_word`, `pwd`, `pw`, `pswd`, and the rest.
 */
export const SECRET_SETTING =
  /(?:^|[^a-z])(?:pass(?:[_-]?(?:word|phrase)|wd)?|pwd|pw|pswd|secret|token|(?:api|access|private|secret|signing|encryption|master)_?key|client_?secret|auth|credentials?)$/i;

/**
 * Setting names that only name or point at a secret (`token_url`, `secret_name`), or describe its
 * field (`password_regex`, `password_selector`, `password_rules`, `password_label`).
 */
const SECRET_SETTING_POINTER_NAME =
  /(?<![a-z])(?:url|uri|endpoint|file|path|name|type|id|length|size|env|ref|header|field|key_?id|ttl|regexp?|pattern|selector|rules?|validation|policy|label|placeholder|hint)$/i;

/**
 * Whether a setting's name only names or points at a secret: what
 * `/(?:^|[^a-z])(?:url|…|key_?id|expir\w*|ttl)$/i` accepts, in linear time (`expir\w*$` retried
 * each `expir` to the end of its word: quadratic). `expir\w*` must lie in the name's last word.
 */
export function isSecretSettingPointer(name: string): boolean {
  if (SECRET_SETTING_POINTER_NAME.test(name)) return true;
  let lastWord = name.length;
  while (lastWord > 0 && isWordCode(name.charCodeAt(lastWord - 1))) lastWord--;
  // The character before the last word is not a word character, so not a letter either.
  return /(?<![a-z])expir/i.test(name.slice(lastWord));
}

/** A camelCase name in snake_case (`secretName` → `secret_Name`), case kept. */
export function snakeCase(name: string): string {
  return name.replace(/([a-z0-9])(?=[A-Z])/g, '$1_');
}
