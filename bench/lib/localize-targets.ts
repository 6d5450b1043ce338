/**
 * The targets line of `bench:localize` (issue #33: Acc@1 ≥ 0.65, Acc@5 ≥ 0.90, top-5 span overlap
 * ≥ 0.70 on the cross-validation grouped by repository over every case, and no offline diagnosis
 * failing verification). A target is judged met or missed only on such a run: every case of every
 * set (the whole corpus, `--corpus-per-repository all`), each ranked by a model trained without
 * its repository. Any other run (some sets, the corpus capped per repository, `--only`, skipped
 * revisions, or `--shipped`, whose model was trained on the cases it ranks) states its figures
 * beside the targets with what it covers and gives no verdict, so a table of a subset can never
 * read as the targets met.
 */

/** The targets, as fractions. */
export const LOCALIZE_TARGETS = { acc1: 0.65, acc5: 0.9, spanOverlap: 0.7 } as const;

/** What a run measured, for {@link targetsLine}. */
export interface TargetsRun {
  acc1: number;
  acc5: number;
  /** Top-5 span overlap (of the cases with a gold file in the top 5). */
  spanOverlap: number;
  failedVerification: number;
  /** Cases measured. */
  measured: number;
  /** Cases of every set, the whole corpus. */
  all: number;
  /** The sets measured, as the run names them. */
  sets: readonly string[];
  /** Whether each case was ranked by a model trained without its repository. */
  heldOut: boolean;
}

const pct = (value: number) => `${Math.round(value * 100)} %`;

/**
 * The targets line.
 * @returns one paragraph: a verdict per target on a held-out run of every case, else the figures
 *   beside the targets with what the run covers and why it is no verdict.
 */
export function targetsLine(run: TargetsRun): string {
  const figures: [string, number, number][] = [
    ['Acc@1', run.acc1, LOCALIZE_TARGETS.acc1],
    ['Acc@5', run.acc5, LOCALIZE_TARGETS.acc5],
    ['top-5 span overlap', run.spanOverlap, LOCALIZE_TARGETS.spanOverlap],
  ];
  const verification = `offline diagnoses failing verification: ${run.failedVerification}`;
  if (run.heldOut && run.measured >= run.all) {
    const verdicts = figures.map(
      ([name, value, target]) =>
        `${name} ${pct(value)} (target ≥ ${pct(target)}: ${value >= target ? 'met' : 'missed'})`,
    );
    return `Targets on the grouped cross-validation over all ${run.all} cases: ${verdicts.join(', ')}; ${verification}.`;
  }
  const why = [
    ...(run.measured < run.all
      ? [`a subset: ${run.measured} of ${run.all} cases (sets ${run.sets.join(', ')})`]
      : []),
    ...(run.heldOut ? [] : ['the shipped model, trained on these cases (not held out)']),
  ];
  const values = figures.map(
    ([name, value, target]) => `${name} ${pct(value)} (target ≥ ${pct(target)})`,
  );
  return `Targets not judged by this run — ${why.join('; ')}; they are judged on the grouped cross-validation over all ${run.all} cases. This run: ${values.join(', ')}; ${verification}.`;
}
