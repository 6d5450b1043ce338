/**
 * Passwords given to other programs than database clients on a command line (those are
 * database-password-rule.ts's), as their manuals write the options: `sshpass -p <password>`
 * (attached or not) and the `SSHPASS` variable `sshpass -e` reads (sshpass(1)); `docker login -p`
 * and `--password` (podman, nerdctl, buildah, skopeo, helm registry, oras, `az login` alike); `redis-cli -a`
 * and `--pass`, and `REDISCLI_AUTH` (redis-cli docs); MongoDB's shells and tools `-p`/`--password`;
 * `sqlcmd`/`bcp -P`; and any program's long option named for a password with a value
 * (`--password=…`, `--db-password …`, `--store-pass …`). `sshpass -p '…' ssh deploy@host` in a
 * script was shown (fresh-user trial 43).
 */
import {
  isOptionPassword,
  passwordVariables,
  programOptions,
  VALUE,
} from './command-line-options.js';
import { looksLikePassword } from './password-value.js';
import type { SecretRule } from './secret-rule.js';

/**
 * sshpass, whose `-p` takes the password attached or as the next word; read among sshpass's own
 * options only (`-v`, `-P <prompt>`), not the command it runs (`ssh -p 2222` is a port).
 */
const SSHPASS = /\bsshpass(?![\w.-])/g;
const SSHPASS_PASSWORD = new RegExp(
  String.raw`^(?:[ \t]+-(?:v|P[ \t]*[^\s-]\S*))*[ \t]+-p[ \t]*${VALUE}`,
  'g',
);

/** A container registry's login command, and the Azure CLI's (`az login -u … -p …`, `az acr login`). */
const REGISTRY_LOGIN =
  /\b(?:docker|podman|nerdctl|buildah|skopeo|helm[ \t]+registry|oras|crane|az(?:[ \t]+acr)?)(?:\.exe|\.cmd)?[ \t]+(?:auth[ \t]+)?login(?![\w.-])/g;
const REGISTRY_PASSWORD = new RegExp(
  String.raw`(?<=[\s"'])(?:-p|--password)(?:=|[ \t]+)${VALUE}`,
  'g',
);

/** redis-cli (`-a <password>`, `--pass <password>`). */
const REDIS_CLI = /\bredis-cli(?:\.exe)?(?![\w.-])/g;
const REDIS_PASSWORD = new RegExp(String.raw`(?<=[\s"'])(?:-a|--pass)[ \t]+${VALUE}`, 'g');

/** MongoDB's shells and tools (`-p <password>`, `--password <password>` or `=`). */
const MONGO =
  /\b(?:mongo|mongosh|mongo(?:dump|restore|export|import|stat|top|files))(?:\.exe)?(?![\w.-])/g;
const MONGO_PASSWORD = new RegExp(
  String.raw`(?<=[\s"'])(?:-p|--password)(?:=|[ \t]+)${VALUE}`,
  'g',
);

/** SQL Server's sqlcmd and bcp (`-P <password>`, attached or not). */
const SQLCMD = /\b(?:sqlcmd|bcp)(?:\.exe)?(?![\w.-])/g;
const SQLCMD_PASSWORD = new RegExp(String.raw`(?<=[\s"'])-P[ \t]*${VALUE}`, 'g');

/**
 * Any long option named for a password, with a value after `=` or a space:
 * `--password`, `--db-password`, `--admin-passwd`, `--store-pass`, `--key-passphrase`.
 */
const PASSWORD_OPTION = new RegExp(
  String.raw`--(?:[a-z\d]{1,20}-){0,3}pass(?:word|wd|phrase)?(?:=|[ \t]+)${VALUE}`,
  'gi',
);

/**
 * Whether a long option's value is a password whatever the program: one that
 * {@link looksLikePassword} (four or more characters, not a name such as a help text's
 * `--password PASSWORD` or `string`, not a placeholder), not the next option.
 */
function isAnyOptionPassword(raw: string): boolean {
  return isOptionPassword(raw) && looksLikePassword(raw.replace(/^["']|["']$/g, ''), 4);
}

/** A password given on a command line to a program of this module, or in a variable it reads. */
export const COMMAND_PASSWORD_RULE: SecretRule = {
  what: 'a password on a command line',
  *find(text) {
    yield* programOptions(text, SSHPASS, SSHPASS_PASSWORD, isOptionPassword);
    yield* programOptions(text, REGISTRY_LOGIN, REGISTRY_PASSWORD, isOptionPassword);
    yield* programOptions(text, REDIS_CLI, REDIS_PASSWORD, isOptionPassword);
    yield* programOptions(text, MONGO, MONGO_PASSWORD, isOptionPassword);
    yield* programOptions(text, SQLCMD, SQLCMD_PASSWORD, isOptionPassword);
    for (const found of text.matchAll(PASSWORD_OPTION)) {
      // After a space or a quote, as an option is written; checked here, not by a lookbehind
      // that would be tried at every position.
      if (found.index > 0 && !/[\s"']/.test(text.charAt(found.index - 1))) continue;
      if (isAnyOptionPassword(found[1] ?? '')) yield [found.index, found.index + found[0].length];
    }
    yield* passwordVariables(text, 'SSHPASS|REDISCLI_AUTH');
  },
};
