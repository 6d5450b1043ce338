/**
 * A source's settings and secrets as `sightline sources add` gathers them: settings from
 * `--set key=value`, secrets from environment variables (`--secret field=VARIABLE`) or a JSON
 * object on standard input, never from the command line itself (it shows in `ps` and shell
 * history). Both are validated by the source module's schemas; errors name fields, never values.
 */

import { SightlineError } from '@sightline/core';
import { describeIssues, sourceFields } from '@sightline/service/internal';
import { z } from 'zod';
import type { SourcesIO } from './io.js';

const usage = (message: string) => new SightlineError({ code: 'INVALID_ARGUMENT', message });

function splitPair(pair: string, flag: string): [string, string] {
  const at = pair.indexOf('=');
  if (at <= 0) {
    // What was given to --secret may be the secret itself: never shown.
    throw usage(
      flag === '--secret'
        ? '--secret takes field=VARIABLE pairs: the name of an environment variable that holds the secret.'
        : `${flag} takes name=value pairs; one has no "=" (it is not repeated: it may be a secret).`,
    );
  }
  return [pair.slice(0, at), pair.slice(at + 1)];
}

/** A POSIX environment variable name. */
const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * The settings of `--set` pairs, checked by `schema`. A value is kept as text when the field
 * takes text, else read as JSON (numbers, booleans).
 * @throws SightlineError `INVALID_ARGUMENT` naming each field that is wrong.
 */
export function readSettings(schema: z.ZodType, pairs: readonly string[], kind: string): unknown {
  const shape = schema instanceof z.ZodObject ? (schema.shape as Record<string, z.ZodType>) : {};
  const settings: Record<string, unknown> = {};
  for (const pair of pairs) {
    const [key, text] = splitPair(pair, '--set');
    // Not echoed: a token pasted before the "=" would be printed (trial 35).
    if (schema instanceof z.ZodObject && !Object.hasOwn(shape, key)) {
      throw usage(
        `--set: one name is not a ${kind} setting (it is not repeated: it may be a secret). Its settings: ${Object.keys(shape).join(', ')}.`,
      );
    }
    settings[key] = shape[key]?.safeParse(text).success ? text : parseJsonOr(text);
  }
  const parsed = schema.safeParse(settings);
  if (!parsed.success) {
    const fields = Object.keys(shape).join(', ');
    throw usage(
      `The ${kind} settings are not valid (${describeIssues(parsed.error)}). Give them with --set name=value; its settings: ${fields}.`,
    );
  }
  return parsed.data;
}

function parseJsonOr(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Options of {@link readSecrets}. */
export interface SecretOptions {
  /** `field=VARIABLE` pairs: the field's value is read from that environment variable. */
  secret?: readonly string[] | undefined;
  /** Read a JSON object of secrets from standard input (a key file piped in). */
  credentialsStdin?: boolean | undefined;
}

/**
 * The secrets, checked by `schema`.
 * @throws SightlineError `INVALID_ARGUMENT` for a `--secret` field that is none of the kind's, an
 *   unset variable (never named), a `--secret` value that is no
 *   variable name (the secret itself, never shown), stdin that is a terminal or not a JSON object,
 *   or fields the schema refuses (named, never shown).
 */
export async function readSecrets(
  schema: z.ZodType,
  options: SecretOptions,
  io: SourcesIO,
  kind: string,
): Promise<unknown> {
  let secrets: Record<string, unknown> = {};
  if (options.credentialsStdin) {
    if (io.stdinIsTerminal) {
      throw usage(
        'Pipe the credentials in (… --credentials-stdin < key.json): typed at a terminal they would be echoed.',
      );
    }
    const text = Buffer.from(await io.readStdin()).toString('utf8');
    const value = parseJsonOr(text);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw usage('Standard input does not hold a JSON object of credentials.');
    }
    secrets = { ...(value as Record<string, unknown>) };
  }
  const fields = sourceFields(schema).map((field) => field.name);
  for (const pair of options.secret ?? []) {
    const [field, variable] = splitPair(pair, '--secret');
    // `--secret abc==` splits into "abc" and "=": a field that is none of the kind's may be the
    // start of the secret itself, so it is never repeated.
    if (!fields.includes(field)) throw notAField(kind, fields);
    if (!VARIABLE_NAME.test(variable)) throw notAVariable(field);
    const value = io.env[variable];
    if (!value) throw unsetVariable(field);
    secrets[field] = value;
  }
  const parsed = schema.safeParse(secrets);
  if (!parsed.success) {
    throw usage(
      `The ${kind} credentials are not valid (${describeIssues(parsed.error)}). Give each secret with --secret field=ENV_VARIABLE, or pipe a JSON object in with --credentials-stdin.`,
    );
  }
  return parsed.data;
}

/** The error for `--secret X=…` whose X is none of the kind's secret fields (X never shown). */
function notAField(kind: string, fields: readonly string[]): SightlineError {
  return usage(
    `--secret takes field=VARIABLE pairs whose field is one of the ${kind} secrets (${fields.join(', ') || 'it has none'}); a pair given names none of them. It is not repeated here, as it may hold the secret itself.`,
  );
}

/**
 * The error for an unset variable. Its name is never repeated: `--secret token=ghp_…` gives a
 * token where a name belongs, and a token of letters, digits and `_` (or a base32 seed in upper
 * case) is a valid name (review 17).
 */
function unsetVariable(field: string): SightlineError {
  const variable = suggestedVariable(field);
  return usage(
    `The environment variable named for ${field} (--secret ${field}=…) is not set or is empty (its name is not repeated here, in case it is the secret itself). Export the secret in a variable and name that, e.g. read -rs ${variable} && export ${variable}, then --secret ${field}=${variable}; or pipe a JSON object of credentials in with --credentials-stdin.`,
  );
}

/** A variable name for a field, as a hint: `privateKey` → `PRIVATE_KEY`. */
function suggestedVariable(field: string): string {
  const suggested = field.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase();
  return VARIABLE_NAME.test(suggested) ? suggested : 'SOURCE_SECRET';
}

/**
 * The error for `--secret field=VALUE` whose value is no variable name: most likely the secret
 * itself, which is not repeated (it would land in a terminal's scrollback or a CI log).
 */
function notAVariable(field: string): SightlineError {
  const variable = suggestedVariable(field);
  return usage(
    `The value given for ${field} (--secret ${field}=…) is not the name of an environment variable (letters, digits and _, not starting with a digit): it looks like the secret itself, which is not taken on the command line (it shows in ps and shell history). Put it in a variable and name that, e.g. read -rs ${variable} && export ${variable}, then --secret ${field}=${variable}; or pipe a JSON object of credentials in with --credentials-stdin (e.g. {"${field}": "…"}).`,
  );
}
