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

/** Every row's program names, one alternative a row (group n + 1: row n's). */
const NAMES = [
  'ldap(?:search|modify|add|delete|whoami|passwd|compare|modrdn|exop)',
  'mosquitto_(?:pub|sub|rr)',
  'zip|unzip|zipcloak',
  '7z|7za|7zr',
  'psexec|PsExec|psexec64|paexec',
  'cqlsh',
  'influx',
  '[wx]freerdp|xfreerdp3',
  'rabbitmqctl',
] as const;

/** Any program of the table: one pass over a text that names none (most) instead of one a row. */
const ANY_PROGRAM = program(NAMES.join('|'));

const PROGRAM_OPTIONS: readonly ProgramOption[] = [
  {
    program: program(NAMES[0]),
    option: option('-w[ \\t]+'),
  },
  { program: program(NAMES[1]), option: option('(?:-P|--pw)[ \\t]+') },
  { program: program(NAMES[2]), option: option('-P[ \\t]+') },
  { program: program(NAMES[3]), option: option('-p') },
  { program: program(NAMES[4]), option: option('-p[ \\t]+') },
  { program: program(NAMES[5]), option: option('-p[ \\t]+') },
  { program: program(NAMES[6]), option: option('-password[ \\t]+') },
  { program: program(NAMES[7]), option: option('/p:') },
  {
    program: program(NAMES[8]),
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
    if (!new RegExp(ANY_PROGRAM).test(text)) return;
    for (const { program: name, option: password } of PROGRAM_OPTIONS) {
      yield* programOptions(text, name, password, isProgramPassword);
    }
  },
};
