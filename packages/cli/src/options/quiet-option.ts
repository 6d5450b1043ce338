/**
 * `-q, --quiet`, one definition for every command that reports progress on stderr (investigate,
 * map, triage, ingest), so the flag means the same everywhere.
 */
import { Option } from 'commander';

/**
 * The option: no progress on stderr (spinners, stage lines, and notices of a wait: for a named
 * pipe's writer, for a busy service); warnings, refused inputs and errors still print.
 * @returns an option to add with `command.addOption`; commander gives it as `quiet: true`.
 */
export function quietOption(): Option {
  return new Option('-q, --quiet', 'no progress on stderr (warnings and errors still print)');
}
