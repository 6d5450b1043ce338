/**
 * Runs the peer parsers' fixtures (see `readPeerTraces`) through intake and scores the frames
 * against each peer's expectations: fixtures with no frame, frame-count mismatches, exact frame
 * agreement and per-field agreement (function, file, line, column), plus `inApp` agreement where
 * the peer decides it. Frames are paired by an alignment that maximises agreeing fields, so one
 * missing or extra frame costs that frame only, not every frame after it.
 */
import { SightlineError } from '@sightline/core';
import { allFrames, parseReport } from '../parse/parse-report.js';
import { type ComparableFrame, normalizeFrame } from './peer-trace-normalize.js';
import {
  type ExpectedFrame,
  type FrameField,
  PEER_SUITES,
  type PeerCase,
  type PeerSuite,
} from './peer-traces.js';

/** A frame of intake's output, normalised, with its `inApp` flag. */
export type ActualFrame = ComparableFrame & { inApp: boolean };

/** Agreeing and compared counts of one figure. */
export interface Agreement {
  agree: number;
  total: number;
}

/** How intake did on one peer case. */
export interface CaseScore {
  id: number;
  suite: PeerSuite;
  test: string;
  /** Frames intake produced (after the peer's own post-processing). */
  actualCount: number;
  /** Frames the peer expects (asserted or implied by the positions it checks). */
  expectedCount: number;
  /** The peer expects frames and intake found none. */
  noFrame: boolean;
  /** The peer asserts a count and intake's differs. */
  countMismatch: boolean;
  /** Positions the peer asserts something about, and those where every asserted field agrees. */
  frames: Agreement;
  fields: Record<FrameField, Agreement>;
  inApp: Agreement;
  /** Every asserted frame agrees and the count matches. */
  exact: boolean;
}

/** Totals of one suite. */
export interface SuiteScore {
  suite: PeerSuite;
  /** Cases scored (excluded ones left out). */
  fixtures: number;
  excluded: number;
  noFrame: number;
  countMismatch: number;
  exactFixtures: number;
  frames: Agreement;
  fields: Record<FrameField, Agreement>;
  inApp: Agreement;
}

const FIELDS: FrameField[] = ['function', 'file', 'line', 'column'];

const emptyFields = (): Record<FrameField, Agreement> => ({
  function: { agree: 0, total: 0 },
  file: { agree: 0, total: 0 },
  line: { agree: 0, total: 0 },
  column: { agree: 0, total: 0 },
});

function agreeingFields(expected: ExpectedFrame, actual: ActualFrame): number {
  return expected.asserted.filter((field) => expected.frame[field] === actual[field]).length;
}

/**
 * Pairs expected positions with actual frames in order, maximising the agreeing fields
 * (a Needleman–Wunsch alignment with free gaps; a position the peer leaves open pairs at a small
 * bonus so that counts line up).
 * @returns for each expected position, the index of its actual frame or -1.
 */
export function alignFrames(expected: (ExpectedFrame | null)[], actual: ActualFrame[]): number[] {
  const rows = expected.length;
  const columns = actual.length;
  const best: number[][] = Array.from({ length: rows + 1 }, () =>
    new Array<number>(columns + 1).fill(0),
  );
  const pairScore = (i: number, j: number): number => {
    const slot = expected[i];
    const frame = actual[j] as ActualFrame;
    return slot ? agreeingFields(slot, frame) + 0.25 : 0.25;
  };
  for (let i = rows - 1; i >= 0; i -= 1) {
    for (let j = columns - 1; j >= 0; j -= 1) {
      const row = best[i] as number[];
      const next = best[i + 1] as number[];
      row[j] = Math.max(
        next[j] as number,
        row[j + 1] as number,
        pairScore(i, j) + (next[j + 1] as number),
      );
    }
  }
  const pairs = new Array<number>(rows).fill(-1);
  let i = 0;
  let j = 0;
  while (i < rows && j < columns) {
    const here = (best[i] as number[])[j] as number;
    if (here === pairScore(i, j) + ((best[i + 1] as number[])[j + 1] as number)) {
      pairs[i] = j;
      i += 1;
      j += 1;
    } else if (here === (best[i + 1] as number[])[j]) i += 1;
    else j += 1;
  }
  return pairs;
}

/**
 * Scores intake's frames for one case.
 * @param peerCase - the peer's expectations.
 * @param actual - intake's frames, innermost first, normalised.
 * @returns the case's figures.
 */
export function scoreCase(peerCase: PeerCase, actual: ActualFrame[]): CaseScore {
  const pairs = alignFrames(peerCase.frames, actual);
  const fields = emptyFields();
  const frames: Agreement = { agree: 0, total: 0 };
  const inApp: Agreement = { agree: 0, total: 0 };
  peerCase.frames.forEach((slot, index) => {
    if (!slot) return;
    const paired = actual[pairs[index] ?? -1];
    if (slot.asserted.length > 0) {
      frames.total += 1;
      const agreeing = paired ? agreeingFields(slot, paired) : 0;
      if (agreeing === slot.asserted.length) frames.agree += 1;
      for (const field of slot.asserted) {
        fields[field].total += 1;
        if (paired && slot.frame[field] === paired[field]) fields[field].agree += 1;
      }
    }
    if (slot.inApp !== undefined) {
      inApp.total += 1;
      if (paired?.inApp === slot.inApp) inApp.agree += 1;
    }
  });
  const expectedCount = peerCase.frames.length;
  const countMismatch = peerCase.countAsserted && actual.length !== expectedCount;
  return {
    id: peerCase.id,
    suite: peerCase.suite,
    test: peerCase.test,
    actualCount: actual.length,
    expectedCount,
    noFrame: expectedCount > 0 && actual.length === 0,
    countMismatch,
    frames,
    fields,
    inApp,
    exact: !countMismatch && frames.agree === frames.total && inApp.agree === inApp.total,
  };
}

/**
 * Intake's frames for a peer case: `parseReport` on its text, every frame innermost first, with
 * Sentry's own post-processing applied for Sentry's browser suite (`framesToPop` innermost frames
 * dropped, its `sentryWrapped` frames removed).
 * @returns the normalised frames (none for empty text).
 */
export function intakeFrames(peerCase: PeerCase): ActualFrame[] {
  if (peerCase.text.trim() === '') return [];
  let report: ReturnType<typeof parseReport>;
  try {
    report = parseReport(peerCase.text);
  } catch (error) {
    if (SightlineError.isInstance(error)) return [];
    throw error;
  }
  let frames = [...allFrames(report.exceptions), ...(report.stack ?? [])];
  if (peerCase.suite === 'sentry-browser') {
    frames = frames
      .slice(peerCase.framesToPop)
      .filter((frame) => frame.function !== 'sentryWrapped');
  }
  return frames.map((frame) => ({ ...normalizeFrame(frame), inApp: frame.inApp }));
}

const add = (total: Agreement, part: Agreement): void => {
  total.agree += part.agree;
  total.total += part.total;
};

/**
 * Runs every case through intake and totals each suite.
 * @param cases - from `readPeerTraces`.
 * @returns per-case scores (excluded cases left out) and per-suite totals in {@link PEER_SUITES}
 *   order.
 */
export function scorePeerTraces(cases: PeerCase[]): { cases: CaseScore[]; suites: SuiteScore[] } {
  const scored = cases
    .filter((peerCase) => !peerCase.excluded)
    .map((peerCase) => scoreCase(peerCase, intakeFrames(peerCase)));
  const suites = PEER_SUITES.map((suite): SuiteScore => {
    const own = scored.filter((score) => score.suite === suite);
    const total: SuiteScore = {
      suite,
      fixtures: own.length,
      excluded: cases.filter((peerCase) => peerCase.suite === suite && peerCase.excluded).length,
      noFrame: own.filter((score) => score.noFrame).length,
      countMismatch: own.filter((score) => score.countMismatch).length,
      exactFixtures: own.filter((score) => score.exact).length,
      frames: { agree: 0, total: 0 },
      fields: emptyFields(),
      inApp: { agree: 0, total: 0 },
    };
    for (const score of own) {
      add(total.frames, score.frames);
      add(total.inApp, score.inApp);
      for (const field of FIELDS) add(total.fields[field], score.fields[field]);
    }
    return total;
  });
  return { cases: scored, suites };
}
