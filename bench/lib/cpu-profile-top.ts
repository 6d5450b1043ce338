/**
 * Self time of a V8 CPU profile (`node --cpu-prof`'s `.cpuprofile` JSON) by function and by module:
 * what explains a benchmark's miss. Self time of a node = the sampling intervals (`timeDeltas`, µs)
 * whose sample landed in it. Modules: an npm package by name, a repository file by its path from
 * `packages/` or `bench/`, `node:` internals as `node (internal)`, V8's own entries
 * (`(garbage collector)`, `(program)`, `(idle)`) as they are.
 *
 * CLI: `npx tsx bench/lib/cpu-profile-top.ts FILE.cpuprofile… [--top N]` prints both tables (ms, %).
 */
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';

/** The parts of a `.cpuprofile` read here. */
export interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
  }[];
  samples: number[];
  timeDeltas: number[];
}

/** One row: a function or module with its self time, ms, and its share of all samples. */
export interface SelfTimeRow {
  name: string;
  ms: number;
  share: number;
}

/** The module a script URL belongs to (see the module docstring). */
export function moduleOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  if (url.startsWith('node:')) return 'node (internal)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
  if (pkg?.[1]) return pkg[1];
  const own = /\/((?:packages|bench)\/.+)$/.exec(url);
  return own?.[1] ?? url;
}

/** Self time by function and by module, largest first. */
export function selfTimes(profiles: readonly CpuProfile[]): {
  totalMs: number;
  functions: SelfTimeRow[];
  modules: SelfTimeRow[];
} {
  const byFunction = new Map<string, number>();
  const byModule = new Map<string, number>();
  let total = 0;
  for (const profile of profiles) {
    const nodes = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
    profile.samples.forEach((id, i) => {
      const frame = nodes.get(id);
      const us = profile.timeDeltas[i] ?? 0;
      if (!frame || frame.functionName === '(idle)') return;
      total += us;
      const module = moduleOf(frame.url, frame.functionName);
      const fn = `${frame.functionName || '(anonymous)'} ${module}${frame.url ? `:${frame.lineNumber + 1}` : ''}`;
      byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
      byModule.set(module, (byModule.get(module) ?? 0) + us);
    });
  }
  const rows = (map: Map<string, number>) =>
    [...map]
      .map(([name, us]) => ({ name, ms: us / 1000, share: total ? us / total : 0 }))
      .sort((a, b) => b.ms - a.ms);
  return { totalMs: total / 1000, functions: rows(byFunction), modules: rows(byModule) };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const topAt = args.indexOf('--top');
  const top = topAt >= 0 ? Number(args[topAt + 1]) : 15;
  const files = args.filter((arg, i) => arg !== '--top' && i !== topAt + 1);
  if (files.length === 0) {
    console.error('usage: tsx bench/lib/cpu-profile-top.ts FILE.cpuprofile… [--top N]');
    process.exit(2);
  }
  const result = selfTimes(files.map((file) => JSON.parse(fs.readFileSync(file, 'utf8'))));
  const print = (title: string, rows: SelfTimeRow[]) => {
    console.log(`\n| ${title} | self ms | share |\n| --- | ---: | ---: |`);
    for (const row of rows.slice(0, top)) {
      console.log(`| ${row.name} | ${Math.round(row.ms)} | ${(row.share * 100).toFixed(1)} % |`);
    }
  };
  console.log(`Samples (idle excluded): ${Math.round(result.totalMs)} ms`);
  print('module', result.modules);
  print('function', result.functions);
}
