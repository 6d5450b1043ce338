/**
 * The command line shared by `npm run bench:ties` and `npm run train:ties`: `--per-repository N`,
 * the corpus cases per repository in the tie pairs (bench/lib/tie-pairs.ts). Default 10: with 30
 * the repositories holding 30 cases outweigh the rest and the held-out figures were worse
 * (bench/README.md "ties").
 */
import { failUsage, readCommandLine } from './command-line.js';

/**
 * Reads `--per-repository` from the process's arguments.
 * @param usage - the usage line printed on a mistake.
 * @returns a whole number ≥ 1; exits 2 with the usage line otherwise.
 */
export function readPerRepository(usage: string): number {
  const { values } = readCommandLine(
    { options: { 'per-repository': { type: 'string', default: '10' } } },
    usage,
  );
  const perRepository = Number(values['per-repository']);
  if (!Number.isInteger(perRepository) || perRepository < 1)
    failUsage('--per-repository takes a whole number of cases, at least 1.', usage);
  return perRepository;
}
