/**
 * Labelled app reviews from public research data sets beyond `../shared/data/reviews` (Maalej et
 * al. 2016), read from fetched snapshots of the repositories that publish them, at a pinned commit
 * and checked against a SHA-256 of the file; no text of theirs is committed. Each source's labels
 * are mapped onto bug / feature / other by a documented map; a label mapped to `null` is left out
 * (it does not say whether the review is a bug report or a feature request).
 *
 * Snapshots live in a folder of `<owner>+<name>/repo` git directories (what the search tool's
 * `fetch github:<owner>/<name>` makes under /work/.mirror), read with `git show`.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { SightlineError } from '@sightline/core';
import { parse } from 'csv-parse/sync';
import type { LabeledReview } from '../classify/labeled-reviews.js';
import type { ReviewLabel } from '../classify/review-classifier.js';

/** A labelled review, the app it reviews when the data set says, and the data set it comes from. */
export interface SourcedReview extends LabeledReview {
  app?: string;
  /** {@link ReviewSource.name}. */
  source: string;
}

/** One CSV file of labelled reviews in a public repository, pinned. */
export interface ReviewSource {
  /** Short name of the file, used in reports and the model's provenance. */
  name: string;
  /** The data set the file belongs to (files of one data set are left out together). */
  dataset: string;
  /** Who labelled the reviews, and where it is published. */
  citation: string;
  /** `owner/name` on GitHub. */
  repo: string;
  commit: string;
  path: string;
  /** SHA-256 (hex) of the file at that commit. */
  sha256: string;
  /** What the data set's licence says (as checked; "none stated" when there is none). */
  licence: string;
  columns: { text: string; label: string; app: string; rating: string };
  /** Data set label → output label; `null`: left out. Written as the data set spells it. */
  labels: Record<string, ReviewLabel | null>;
}

/**
 * CLAP (Scalabrino, Bavota, Russo, Penta, Oliveto, "Listening to the Crowd for the Release
 * Planning of Mobile Apps", IEEE TSE 45(1), 2019; Villarroel et al., ICSE 2016): Google Play
 * reviews labelled by hand as bug report, feature suggestion, performance, energy, security,
 * usability or other; the files of the paper's site (dibt.unimol.it/reports/clap), as kept by
 * Devine, Koh and Blincoe for "Evaluating Software User Feedback Classifiers on Unseen Apps,
 * Datasets, and Metadata" (EMSE 2023; the label map below is theirs for BUG and FEATURE).
 *
 * Mapping: BUG → bug, FEATURE → feature, OTHER → other. PERFORMANCE, ENERGY, SECURITY and
 * USABILITY are left out: Maalej et al.'s bug report includes performance problems, but these
 * classes mix problems ("lagging, please fix"), requests ("needs faster recharge") and remarks
 * ("worth the memory", "this is a virus"), so no single output label fits them.
 */
const CLAP_LABELS: Record<string, ReviewLabel | null> = {
  BUG: 'bug',
  FEATURE: 'feature',
  OTHER: 'other',
  PERFORMANCE: null,
  ENERGY: null,
  SECURITY: null,
  USABILITY: null,
};
const CLAP_REPOSITORY = {
  dataset: 'CLAP (Scalabrino et al. 2019)',
  citation:
    'Scalabrino et al., IEEE TSE 2019 (CLAP), via Devine et al., EMSE 2023, data_utils/dataset_downloaders',
  repo: 'Peter-Devine/user_feedback_machine_learning_cls_experiments',
  commit: '4bb6cbb38e4e6c4a1f6e1948b354d6ac7192715d',
  licence:
    'none stated (neither the repository nor the CLAP site gives one); research replication data, read locally, never committed',
  labels: CLAP_LABELS,
};

/** The extra review data sets, in the order they are read. */
export const EXTRA_REVIEW_SOURCES: readonly ReviewSource[] = [
  {
    ...CLAP_REPOSITORY,
    name: 'clap-rq1',
    path: 'data_utils/dataset_downloaders/rq1-raw-data.csv',
    sha256: 'bf5139969a0cc60abb885071ce135625f734d75546d4cb4667697495b774cbc9',
    columns: { text: 'review', label: 'category', app: 'app', rating: 'rating' },
  },
  {
    ...CLAP_REPOSITORY,
    name: 'clap-rq3',
    path: 'data_utils/dataset_downloaders/rq3-manually-classified-implemented-reviews.csv',
    sha256: '7efd1e588c717d2b4f821ece4770f5fedb6365bb5f1925230470d21ea77af914',
    columns: { text: 'body', label: 'category', app: 'App-name', rating: 'rating' },
  },
];

/**
 * The text of one file of a fetched snapshot at a commit.
 *
 * @param mirrors - Folder holding `<owner>+<name>/repo` git directories.
 * @param repo - `owner/name`.
 * @param commit - Commit to read.
 * @param file - Path in the repository.
 * @returns The file's text (UTF-8).
 * @throws SightlineError `PATH_NOT_FOUND` when the snapshot is not in `mirrors` (the message says how to
 *   fetch it); the `git` error when the commit or path is not in it.
 */
export function readSnapshotFile(
  mirrors: string,
  repo: string,
  commit: string,
  file: string,
): string {
  const gitDir = snapshotDir(mirrors, repo);
  if (!existsSync(gitDir)) {
    throw new SightlineError({
      code: 'PATH_NOT_FOUND',
      message: `No snapshot of ${repo} at ${gitDir}: fetch it (search tool: fetch github:${repo}) into that folder, or point at the folder that holds ${repo.replace('/', '+')}/repo.`,
    });
  }
  return execFileSync('git', ['--git-dir', gitDir, 'show', `${commit}:${file}`], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
}

/** Whether the snapshot of `repo` is in `mirrors`. */
export function hasSnapshot(mirrors: string, repo: string): boolean {
  return existsSync(snapshotDir(mirrors, repo));
}

/**
 * Reads one source's reviews from its snapshot, with their output labels as `label`.
 *
 * @param mirrors - Folder holding the snapshots.
 * @param source - The source to read.
 * @returns The reviews in file order, rows whose label maps to `null` or that have no text left out.
 * @throws SightlineError `PATH_NOT_FOUND` when the snapshot is missing; `INVALID_ARGUMENT` when the file's
 *   SHA-256 differs from the pinned one or a row has a label the map does not know.
 */
export function readReviewSource(mirrors: string, source: ReviewSource): SourcedReview[] {
  const text = readSnapshotFile(mirrors, source.repo, source.commit, source.path);
  const sha256 = createHash('sha256').update(text, 'utf8').digest('hex');
  if (sha256 !== source.sha256) {
    throw new SightlineError({
      code: 'INVALID_ARGUMENT',
      message: `${source.repo}@${source.commit.slice(0, 8)}:${source.path} has SHA-256 ${sha256}, not the pinned ${source.sha256}: the snapshot is not the data set the mapping was written for.`,
    });
  }
  const rows = parse(text, { columns: true, skip_empty_lines: true }) as Record<string, string>[];
  return rows.flatMap((row) => {
    const raw = (row[source.columns.label] ?? '').trim();
    if (!(raw in source.labels)) {
      throw new SightlineError({
        code: 'INVALID_ARGUMENT',
        message: `${source.name}: label "${raw}" has no mapping; add it to the source's labels.`,
      });
    }
    const label = source.labels[raw];
    const body = (row[source.columns.text] ?? '').trim();
    if (!label || !body) return [];
    const rating = Number(row[source.columns.rating]);
    const app = (row[source.columns.app] ?? '').trim();
    return [
      {
        text: body,
        label,
        source: source.name,
        ...(Number.isInteger(rating) && rating >= 1 && rating <= 5 ? { rating } : {}),
        ...(app && app !== '?' ? { app } : {}),
      },
    ];
  });
}

function snapshotDir(mirrors: string, repo: string): string {
  return path.join(mirrors, repo.replace('/', '+'), 'repo');
}

/**
 * Every extra source's reviews, without those whose text (by `textKey`) is in `excluded` — the
 * texts a benchmark evaluates on, so nothing evaluated is trained on.
 *
 * @param mirrors - Folder holding the snapshots.
 * @param excluded - Normalised texts to leave out.
 * @param textKey - How texts are normalised (the training's `reviewTextKey`).
 * @param sources - Sources to read (default {@link EXTRA_REVIEW_SOURCES}).
 * @returns The reviews, source by source.
 * @throws SightlineError as {@link readReviewSource}.
 */
export function readExtraReviews(
  mirrors: string,
  excluded: ReadonlySet<string>,
  textKey: (text: string) => string,
  sources: readonly ReviewSource[] = EXTRA_REVIEW_SOURCES,
): SourcedReview[] {
  return sources
    .flatMap((source) => readReviewSource(mirrors, source))
    .filter((review) => !excluded.has(textKey(review.text)));
}
