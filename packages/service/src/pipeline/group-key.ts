/**
 * How a parsed report finds its group. Crashes: a signature of the exception type and the top
 * in-app frames (file and function, no line numbers, so a rebuild that shifts lines keeps the
 * group). Other reports: near-duplicate text, by MinHash over word shingles with LSH banding
 * (Broder 1997; banding as in Leskovec, Rajaraman, Ullman, "Mining of Massive Datasets", ch. 3).
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { MinHash } from 'bloom-filters';
import { allFrames, type Frame, type Report } from '../adapters/investigator.js';
import type { GroupKey } from '../store/index.js';

/** Frames in a crash signature. */
const SIGNATURE_FRAMES = 3;
/** MinHash size: 20 bands of 3 rows. A pair at Jaccard 0.5 shares a band with probability 0.94. */
const HASHES = 60;
const ROWS_PER_BAND = 3;
/** Least estimated Jaccard similarity of word shingles for two texts to share a group. */
export const NEAR_DUPLICATE_THRESHOLD = 0.5;
/** Shingle values are hashed into [0, 2^20): small enough that `a·x + b` stays exact in a double. */
const VALUE_RANGE = 2 ** 20;
/** The first prime above VALUE_RANGE: the modulus of the hash functions. */
const PRIME = 1_048_583;

/**
 * Fixed hash functions, so signatures stored by one process compare with those of the next
 * (bloom-filters' MinHashFactory draws them at random per factory).
 */
const HASH_FUNCTIONS = Array.from({ length: HASHES }, (_, i) => {
  const digest = createHash('sha256').update(`sightline-minhash-${i}`).digest();
  return {
    a: 1 + (digest.readUInt32BE(0) % (PRIME - 1)),
    b: digest.readUInt32BE(4) % PRIME,
    c: PRIME,
  };
});

/** The group key of a parsed report (see the module header). */
export function groupKey(report: Report): GroupKey {
  const signature = crashSignature(report);
  if (signature) return { signature };
  const minhash = textMinHash(`${report.title ?? ''}\n${report.body}`);
  return {
    minhash,
    bands: bandKeys(minhash),
    similarity: estimateJaccard,
    threshold: NEAR_DUPLICATE_THRESHOLD,
  };
}

/** `crash:<hash>` of the exception type and top frames, or undefined when the report has no trace. */
export function crashSignature(report: Report): string | undefined {
  const exception =
    report.exceptions.find((candidate) => candidate.frames.length > 0) ?? report.exceptions[0];
  const frames = exception ? allFrames([exception]) : (report.stack ?? []);
  if (!exception && frames.length === 0) return undefined;
  const inApp = frames.filter((frame) => frame.inApp);
  const top = (inApp.length > 0 ? inApp : frames).slice(0, SIGNATURE_FRAMES).map(frameKey);
  // Without frames the message stands in, with numbers and hex ids masked.
  const message =
    top.length === 0 ? (exception?.message ?? '').replace(/0x[0-9a-f]+|\d+/gi, '#') : '';
  const parts = [exception?.type ?? 'stack', ...top, message];
  return `crash:${createHash('sha256').update(parts.join('\n')).digest('hex').slice(0, 32)}`;
}

function frameKey(frame: Frame): string {
  const file =
    frame.repoPath ?? (frame.file ? path.posix.basename(frame.file.replace(/\\/g, '/')) : '');
  const fn = (frame.function ?? '').replace(/\d+/g, '#');
  return `${file || frame.module || ''}|${fn}`;
}

/** MinHash signature of a text's word 1- and 2-shingles (numbers masked, case folded). */
export function textMinHash(text: string): number[] {
  const words =
    text
      .toLowerCase()
      .replace(/\d+/g, '#')
      .match(/[\p{L}\p{N}#_']+/gu) ?? [];
  const shingles = new Set<number>();
  words.forEach((word, i) => {
    shingles.add(hashToRange(word));
    const next = words[i + 1];
    if (next) shingles.add(hashToRange(`${word} ${next}`));
  });
  const minhash = new MinHash(HASHES, HASH_FUNCTIONS);
  if (shingles.size === 0) shingles.add(0);
  minhash.bulkLoad([...shingles]);
  return minhash._signature;
}

/** Estimated Jaccard similarity of two signatures (bloom-filters' `compareWith`). */
export function estimateJaccard(a: number[], b: number[]): number {
  return toMinHash(a).compareWith(toMinHash(b));
}

function toMinHash(signature: number[]): MinHash {
  const minhash = new MinHash(HASHES, HASH_FUNCTIONS);
  minhash._signature = signature;
  return minhash;
}

/** LSH band keys: `<band>:<rows>`; two signatures sharing one are compared. */
function bandKeys(signature: number[]): string[] {
  const keys: string[] = [];
  for (let start = 0; start < signature.length; start += ROWS_PER_BAND) {
    keys.push(
      `${start / ROWS_PER_BAND}:${signature.slice(start, start + ROWS_PER_BAND).join('.')}`,
    );
  }
  return keys;
}

/** FNV-1a (32-bit) of a string, folded into [0, VALUE_RANGE). */
function hashToRange(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % VALUE_RANGE;
}
