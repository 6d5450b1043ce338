/**
 * Passwords given to more programs on a command line by their own short options, as their manuals
 * write them, one table row a program family: OpenLDAP's clients `-w <password>` (`-W` prompts),
 * Mosquitto's `-P <password>`, Info-ZIP's `zip -P` and `unzip -P`, 7-Zip's `-p<password>`
 * (attached), PsExec's `-p <password>`, Cassandra's `cqlsh -p`, InfluxDB 1's `influx -password`,
 * FreeRDP's `/p:<password>`, and RabbitMQ's `rabbitmqctl add_user <user> <password>` and
 * `change_password <user> <password>`. Their options are not named for a password, for the
 * long-option rule of command-password-rule.ts to read.
 */
import { isOptionPassword, programOptions, VALUE } from './command-line-options.js';
import type { SecretRule } from './secret-rule.js';

/** One program family: its names, and its password option with the value as group 1. */
interface ProgramOption {
  program: RegExp;
  option: RegExp;
}

/** An option after a space or a quote (as an option is written), with its value (group 1). */
const option = (source: string) => new RegExp(String.raw`(?<=[\s"'])${source}${VALUE}`, 'g');

/**
 * A program's names, as a word (not the start of another name: `zip.ts`, `influxdb`); opened by
 * `\b`, not a lookbehind the engine would try at every position.
 */
const program = (names: string) => new RegExp(String.raw`\b(?:${names})(?:\.exe)?(?![\w.-])`, 'g');

const PROGRAM_OPTIONS: readonly ProgramOption[] = [
  {
    program: program('ldap(?:search|modify|add|delete|whoami|passwd|compare|modrdn|exop)'),
    option: option('-w[ \\t]+'),
  },
  { program: program('mosquitto_(?:pub|sub|rr)'), option: option('(?:-P|--pw)[ \\t]+') },
  { program: program('zip|unzip|zipcloak'), option: option('-P[ \\t]+') },
  { program: program('7z|7za|7zr'), option: option('-p') },
  { program: program('psexec|PsExec|psexec64|paexec'), option: option('-p[ \\t]+') },
  { program: program('cqlsh'), option: option('-p[ \\t]+') },
  { program: program('influx'), option: option('-password[ \\t]+') },
  { program: program('[wx]freerdp|xfreerdp3'), option: option('/p:') },
  {
    program: program('rabbitmqctl'),
    option: option('(?:add_user|change_password)[ \\t]+["\']?[^\\s"\']+["\']?[ \\t]+'),
  },
];

/**
 * Whether an option's value is a password ({@link isOptionPassword}) with a letter or a digit in
 * it: an attached option's "value" in code is often punctuation (`option('-p')` gave `')`).
 */
function isProgramPassword(raw: string): boolean {
  return isOptionPassword(raw) && /[A-Za-z0-9]/.test(raw);
}

/** A password given to a program of {@link PROGRAM_OPTIONS}; each range runs from the option through its value. */
export const PROGRAM_PASSWORD_OPTION_RULE: SecretRule = {
  what: 'a password on a command line',
  *find(text) {
    for (const { program: name, option: password } of PROGRAM_OPTIONS) {
      yield* programOptions(text, name, password, isProgramPassword);
    }
  },
};
