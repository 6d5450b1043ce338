/**
 * Span overlap for held-out candidate rankings (issue #33's "top-5 span overlap"): the span lines
 * of the localization cases (localize-span-lines.ts computes one case's), cached per case in
 * bench/.cache/localize-spans/<code hash>/<case>-<case hash>.json, the code hash covering the
 * source closure of localize-span-lines.ts — not the rows' (localize-features.ts), so span lines
 * added or changed never recompute the rows. Joined to a ranking by candidate path
 * (`spanOverlaps` of the training's held-out-slices.ts). A case costs about what its rows cost
 * (indexing from the index cache, the report's signals, scoring every file), so they are computed
 * only when asked (`--spans` of train:localize), in the rows' round-robin order over repositories.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DevCase } from './localize-cases.js';
import { computeOrder, indexCacheOf } from './localize-features.js';
import { caseCode } from './localize-sets.js';
import { sourceClosureHash } from './localize-source-closure.js';
import { type CandidateSpan, computeCaseSpans } from './localize-span-lines.js';
import { BENCH_DIR } from './npm-pack.js';

export type { CandidateSpan } from './localize-span-lines.js';

/** A case's spans: fixed candidate path → its lines and overlap. */
export type CaseSpans = ReadonlyMap<string, CandidateSpan>;

const ROOT = path.resolve(BENCH_DIR, '..');
const SPANS_MODULE = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'localize-span-lines.ts',
);

let codeHash: string | undefined;

/** The cache file of a case's spans. */
function spansFile(entry: DevCase): string {
  codeHash ??= sourceClosureHash(ROOT, SPANS_MODULE);
  const caseHash = createHash('sha256').update(JSON.stringify(entry)).digest('hex').slice(0, 12);
  return path.join(BENCH_DIR, '.cache', 'localize-spans', codeHash, `${entry.id}-${caseHash}.json`);
}

/**
 * A case's spans from the cache, or computed (and cached).
 * @param entry - the case.
 * @param compute - compute them when not cached.
 * @returns the spans, or `undefined` when not cached and not computed (or its code is absent).
 */
async function caseSpans(entry: DevCase, compute: boolean): Promise<CaseSpans | undefined> {
  const file = spansFile(entry);
  if (existsSync(file))
    return new Map(
      Object.entries(JSON.parse(readFileSync(file, 'utf8')) as Record<string, CandidateSpan>),
    );
  const dir = compute ? await caseCode(entry) : undefined;
  if (!dir) return undefined;
  const spans = await computeCaseSpans(entry, dir, indexCacheOf(dir));
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, JSON.stringify(spans));
  await rename(temporary, file);
  return new Map(Object.entries(spans));
}

/**
 * The spans of the given cases, read from the cache or (with `compute`) computed in the rows'
 * round-robin order over repositories (`computeOrder`; progress on stderr). A case whose
 * computation throws is reported and left out (retried on the next run).
 * @param cases - the cases (those with rows).
 * @param options.compute - compute the spans not cached.
 * @param options.shard - compute only every `count`-th case of the order, from the `index`-th
 *   (0-based), as the rows' shards do (`readCaseQueries`); the others are read when cached.
 * @returns case id → spans, for the cases with spans.
 */
export async function readCaseSpans(
  cases: readonly DevCase[],
  { compute, shard }: { compute: boolean; shard?: { index: number; count: number } },
): Promise<Map<string, CaseSpans>> {
  const found = new Map<string, CaseSpans>();
  for (const [position, entry] of computeOrder(cases).entries()) {
    const mine = !shard || position % shard.count === shard.index;
    const started = Date.now();
    const cached = existsSync(spansFile(entry));
    try {
      const spans = await caseSpans(entry, compute && mine);
      if (!spans) continue;
      found.set(entry.id, spans);
      if (!cached)
        console.error(
          `${entry.id}: span lines of ${spans.size} fixed candidates (${Date.now() - started} ms)`,
        );
    } catch (error) {
      console.error(`${entry.id}: span lines not computed: ${(error as Error).message}`);
    }
  }
  return found;
}
