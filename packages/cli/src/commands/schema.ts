/**
 * `sightline schema <name>`: prints the JSON Schema of a Sightline output format, so that other
 * tools (and other languages) can validate what Sightline writes.
 */
import { SightlineError } from '@sightline/core';
import { diagnosisJsonSchema } from '@sightline/investigator';
import type { Command } from 'commander';
import { runAction } from '../run/run-action.js';

/** The schemas `sightline schema` knows, by name. */
const SCHEMAS: Readonly<Record<string, () => Record<string, unknown>>> = {
  diagnosis: diagnosisJsonSchema,
};

/**
 * Registers `sightline schema <name>` on `program`.
 * @param program the root command.
 */
export function registerSchema(program: Command): void {
  program
    .command('schema')
    .description('Print the JSON Schema of an output format as pretty JSON on stdout.')
    .argument('<name>', `schema name: ${Object.keys(SCHEMAS).join(', ')}`)
    .addHelpText('after', '\nExample:\n  sightline schema diagnosis > diagnosis.schema.json\n')
    .action(
      runAction(async (name: string) => {
        const schema = Object.hasOwn(SCHEMAS, name) ? SCHEMAS[name] : undefined;
        if (schema === undefined) {
          throw new SightlineError({
            code: 'INVALID_ARGUMENT',
            message: `Unknown schema "${name}". Known schemas: ${Object.keys(SCHEMAS).join(', ')}.`,
            details: { name },
          });
        }
        process.stdout.write(`${JSON.stringify(schema(), null, 2)}\n`);
        return undefined;
      }),
    );
}
