/**
 * `npm run bench:localize -- --only TEXT --explain`: why the localizer ranked a case as it did —
 * the report, the top suspects with each signal's value, and the gold files' signals and rank.
 */
import { indexRepository } from '@sightline/codebase';
import { readPackageName } from '@sightline/codebase/internal';
import { parseReport } from '@sightline/intake';
import {
  collectReportSignals,
  RANKING_FEATURES,
  type RankedFile,
  rankFiles,
  scoreFiles,
} from '@sightline/investigator/internal';
import type { DevCase } from './localize-cases.js';

/** Suspects printed. */
const SHOWN = 10;

function row(rank: number, { path, features, score }: RankedFile): string {
  const parts = RANKING_FEATURES.flatMap((name, at) =>
    (features[at] ?? 0) !== 0 ? [`${name} ${(features[at] ?? 0).toFixed(2)}`] : [],
  );
  return `${String(rank).padStart(4)}  ${score.toFixed(3)}  ${path}\n        ${parts.join(', ')}`;
}

/**
 * Prints the explanation of one case to stderr.
 * @param entry - the case.
 * @param dir - its code.
 */
export async function explainCase(entry: DevCase, dir: string): Promise<void> {
  const index = await indexRepository(dir);
  const report = parseReport(entry.report);
  const packageName = readPackageName(index.root);
  const signals = collectReportSignals(report, index, packageName ? { packageName } : {});
  const ranked = rankFiles(index, scoreFiles(index, signals).files, signals);
  const gold = new Set(entry.gold.map(({ file }) => file));
  const lines = [
    `== ${entry.id}`,
    `title: ${entry.report.title}`,
    entry.report.body,
    `frames: ${signals.frames.map((frame) => `${frame.path}:${frame.line ?? '?'}`).join(', ') || 'none'}`,
    `identifiers: ${signals.identifiers.join(', ')}`,
    `mentions: ${signals.mentions.map(({ type, member }) => [type, member].filter(Boolean).join('.')).join(', ')}`,
    `paths: ${signals.paths.join(', ')}`,
    ...ranked.slice(0, SHOWN).map((item, at) => row(at + 1, item)),
    `gold: ${[...gold].join(', ')}`,
    ...ranked.flatMap((item, at) =>
      gold.has(item.path)
        ? [row(at + 1, item), ...item.evidence.map((line) => `        · ${line}`)]
        : [],
    ),
  ];
  console.error(lines.join('\n'));
}
