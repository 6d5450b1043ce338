/**
 * The span lines of one localization case, computed: for each fixed candidate file (a gold file or
 * a twin of one, as the rows mark them, localize-rows.ts), the lines the localizer shows in it and
 * whether they overlap the gold function (`spanMatch` of localize-metrics.ts, as bench:localize
 * scores its suspects). A suspect's lines do not depend on the ranking model's weights
 * (`groupSuspects`), so one computation serves every ranking of the case. Each fixed file is taken
 * as the leader of its group of twins (its other twins among the scored files following by path);
 * a ranking that puts another twin of the group first shows that twin's range, which this does not
 * see. The cache of these spans (localize-spans.ts) is keyed by this module's source closure.
 */
import { indexRepository } from '@sightline/codebase';
import { readPackageName } from '@sightline/codebase/internal';
import { parseReport } from '@sightline/intake';
import {
  areTwins,
  collectReportSignals,
  groupSuspects,
  scoreFiles,
} from '@sightline/investigator/internal';
import type { DevCase } from './localize-cases.js';
import { goldSpans, spanMatch } from './localize-metrics.js';

/** The localizer's lines in one fixed candidate file, scored against the gold spans. */
export interface CandidateSpan {
  /** 1-based, inclusive. */
  lines: [number, number];
  /** Whether they overlap the gold function of their file. */
  overlap: boolean;
  /** Intersection over union (lines) with the best-overlapping gold span. */
  iou: number;
}

/**
 * Computes a case's spans: every scored file that is a gold file or a twin of one (the rows'
 * relevant candidates, localize-rows.ts), with the suspect the localizer shows when it leads its
 * group of twins.
 * @param entry - the case.
 * @param dir - its code (unpacked package or extracted revision).
 * @param cacheDir - the index cache folder of that code (`indexCacheOf`).
 * @returns path → lines and overlap, paths sorted.
 */
export async function computeCaseSpans(
  entry: DevCase,
  dir: string,
  cacheDir: string,
): Promise<Record<string, CandidateSpan>> {
  const index = await indexRepository(dir, { cacheDir });
  const packageName = readPackageName(index.root);
  const signals = collectReportSignals(
    parseReport(entry.report),
    index,
    packageName ? { packageName } : {},
  );
  const { files, definitionMatches } = scoreFiles(index, signals);
  const scored = [...files.keys()].sort();
  const gold = goldSpans(entry.gold, index);
  const member = (file: string) => {
    const signalsOfFile = files.get(file);
    return signalsOfFile && { path: file, entry: signalsOfFile, evidence: [], score: 0 };
  };
  const spans: Record<string, CandidateSpan> = {};
  for (const file of scored) {
    if (
      !entry.gold.some(({ file: goldFile }) => goldFile === file || areTwins(index, goldFile, file))
    )
      continue;
    const group = [
      file,
      ...scored.filter((other) => other !== file && areTwins(index, file, other)),
    ]
      .map(member)
      .filter((item) => item !== undefined);
    const [suspect] = groupSuspects([group], index, signals, definitionMatches);
    if (!suspect) continue;
    const { overlap, iou } = spanMatch([suspect], gold);
    spans[file] = { lines: suspect.lines, overlap, iou: Math.round(iou * 10_000) / 10_000 };
  }
  return spans;
}
