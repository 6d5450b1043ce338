/**
 * Complexity and risk of a fix, estimated without a model from what the index knows: how long the
 * cause's range is, how many other files use its symbol (fan-in in the reference graph), and
 * whether any test file references it.
 */

import type { RepositoryIndex } from '@sightline/codebase';
import { fanIn, fileRole } from '@sightline/codebase/internal';
import { codeSpan, pathInProse } from '../diagnosis/markdown-text.js';
import type { Diagnosis, Suspect } from '../diagnosis/schema.js';

/** The assessment part of a diagnosis. */
export type OfflineAssessment = Pick<Diagnosis, 'complexity' | 'risk' | 'riskRationale'>;

/** A cause's range longer than this many lines makes a fix "medium". */
const LONG_RANGE_LINES = 80;
/** Fan-in from this many files makes a change risky ("medium"), … */
const MEDIUM_FAN_IN = 3;
/** … and from this many, "high". */
const HIGH_FAN_IN = 10;
/** Test files named in the rationale, at most. */
const SHOWN_TESTS = 3;

const LEVELS = ['low', 'medium', 'high'] as const;

/** The name a symbol like `FlatESLint.lintFiles` is referenced by: its last part. */
function referencedName(symbol: string | undefined): string | undefined {
  return symbol?.split(/[.#]/).at(-1);
}

/** Test files that reference `name`, or import the file by its base name. */
function testsReferencing(
  index: RepositoryIndex,
  path: string,
  name: string | undefined,
): string[] {
  const stem = path
    .split('/')
    .at(-1)
    ?.replace(/\.[^.]+$/, '');
  return [...index.files.values()]
    .filter((file) => fileRole(file.path, file.language) === 'test')
    .filter((file) =>
      file.references.some((reference) => reference.name === name || reference.name === stem),
    )
    .map((file) => file.path)
    .sort();
}

/**
 * Estimates complexity and risk from the suspects a diagnosis cites.
 * - complexity: from the first suspect's range alone, the cause: `low` up to 80 lines, else
 *   `medium`. The other suspects are the ranking's alternatives to it, not parts of one change, so
 *   they do not make a fix larger (counting their files called a 3-line bug "high", fresh-user
 *   trial 41). Without a proposed change nothing tells a larger fix apart, so `high` is a model's
 *   to say;
 * - risk: from the fan-in of the first suspect's symbol (`medium` from 3 referencing files,
 *   `high` from 10), one level higher when no test file references it while the repository has
 *   tests (a folder without any, such as a published package, says that instead).
 * These thresholds are Sightline's own choice.
 * With no suspect (nothing tied to the report), both are `unknown`.
 * @param index the repository index.
 * @param suspects the suspects the diagnosis cites, most suspect first.
 * @returns complexity, risk and a rationale that names the numbers.
 */
export function assessOffline(
  index: RepositoryIndex,
  suspects: readonly Suspect[],
): OfflineAssessment {
  const [first] = suspects;
  if (!first) {
    return {
      complexity: 'unknown',
      risk: 'unknown',
      riskRationale: 'Nothing in the repository could be tied to the report, so neither is known.',
    };
  }
  const length = first.lines[1] - first.lines[0] + 1;
  const complexity = length <= LONG_RANGE_LINES ? 'low' : 'medium';
  const name = referencedName(first.symbol);
  const users = name ? fanIn(index, first.path, name) : 0;
  const tests = testsReferencing(index, first.path, name);
  // A published package or a copied folder often holds no tests at all: that says nothing of
  // whether the code is tested (found by fresh-user trial 17).
  const hasTests = [...index.files.values()].some(
    (file) => fileRole(file.path, file.language) === 'test',
  );
  const untested = hasTests && tests.length === 0;
  const base = users >= HIGH_FAN_IN ? 2 : users >= MEDIUM_FAN_IN ? 1 : 0;
  const risk = LEVELS[Math.min(2, base + (untested ? 1 : 0))] ?? 'high';
  const shown = pathInProse(first.path);
  const subject = name ? `${codeSpan(name)} in ${shown}` : shown;
  const testNote = !hasTests
    ? 'this folder holds no test files (a published package or a copied folder often has none), so whether tests cover it is not known here'
    : tests.length === 0
      ? 'no test file references it, so a change is not covered'
      : `tests reference it (${tests.slice(0, SHOWN_TESTS).map(pathInProse).join(', ')}${tests.length > SHOWN_TESTS ? `, and ${tests.length - SHOWN_TESTS} more` : ''})`;
  return {
    complexity,
    risk,
    riskRationale: `${subject} is used from ${users} other file${users === 1 ? '' : 's'}; ${testNote}. The complexity is read from the cause's range alone, ${length} line${length === 1 ? '' : 's'}${suspects.length > 1 ? ': the other suspects are alternatives to it' : ''}.`,
  };
}
