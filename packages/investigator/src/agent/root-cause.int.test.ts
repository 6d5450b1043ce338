import type { ScriptedResponse } from '@sightline/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CrashRepository, createCrashRepository } from './__fixtures__/crash-elsewhere.js';
import { runScripted } from './__fixtures__/run-scripted.js';

/** The report the agent writes, in the template's format: the cause is where the value is made. */
const REPORT = `## Root cause
loadPrices in src/pricing/load-prices.ts turns a row without a price into an amount of undefined.

formatPrice then calls toFixed on that undefined amount and throws; the crash site only uses the bad value.

## Confidence
0.85

## Affected files
- \`src/pricing/load-prices.ts:4-9\` \`loadPrices\` (cause) — produces the undefined amount.
- \`src/pricing/format-price.ts:3-5\` \`formatPrice\` (symptom) — throws on it.

## Evidence
\`src/pricing/load-prices.ts:7\`
\`\`\`ts
    amount: cents === '' ? undefined : Number(cents) / 100,
\`\`\`

\`src/pricing/format-price.ts:4\`
\`\`\`ts
  return \`€\${(price.amount as number).toFixed(2)}\`;
\`\`\`

## Proposed change
Reject a row without a price in loadPrices instead of inventing an undefined amount.

## Complexity
low — one expression in one function.

## Risk
medium — callers that relied on rows without prices now get an error.`;

const NOT_FOUND = `## Root cause
Not found. I read src/pricing/format-price.ts and searched for amount; nothing shows where the bad value comes from.

## Confidence
0

## Affected files
None.

## Evidence
None.

## Proposed change
None.

## Complexity
low — nothing to change yet.

## Risk
low — no change proposed.`;

/** Explore: read the crash site, suspect it; deep-dive: search for where the value is made. */
const TRACE_BACK: ScriptedResponse[] = [
  {
    toolCalls: [{ toolName: 'read_file', input: { path: 'src/pricing/format-price.ts' } }],
  },
  {
    toolCalls: [
      {
        toolName: 'suspect',
        input: { locations: [{ path: 'src/pricing/format-price.ts', why: 'throwing frame' }] },
      },
    ],
  },
  {
    toolCalls: [
      { toolName: 'grep', input: { pattern: 'amount:' } },
      { toolName: 'find_symbol', input: { name: 'loadPrices' } },
    ],
  },
  { toolCalls: [{ toolName: 'conclude', input: { summary: 'loadPrices makes the bad value.' } }] },
];

describe('investigateWithModel: root cause, not symptom', () => {
  let repository: CrashRepository;
  beforeAll(async () => {
    repository = await createCrashRepository();
  });
  afterAll(() => repository.cleanup());

  const run = (agentScript: ScriptedResponse[], structurerScript: ScriptedResponse[] = []) =>
    runScripted(repository, agentScript, structurerScript, { label: 'crash' });

  it('searches after suspect and names the cause where the value is made, not the throwing frame', async () => {
    const { agent, structurer, result } = run([...TRACE_BACK, { text: REPORT }]);
    const { diagnosis, verification, stats } = await result;

    // The deep-dive step still offered grep and find_symbol, and their real results came back.
    expect(agent.calls[2]?.tools).toEqual(expect.arrayContaining(['grep', 'find_symbol']));
    const afterSearch = JSON.stringify(agent.calls[3]?.prompt);
    expect(afterSearch).toContain("amount: cents === '' ? undefined");
    expect(afterSearch).toContain('src/pricing/load-prices.ts');

    expect(diagnosis.affectedFiles.map(({ path, role }) => [path, role])).toEqual([
      ['src/pricing/load-prices.ts', 'cause'],
      ['src/pricing/format-price.ts', 'symptom'],
    ]);
    expect(diagnosis.rootCause.confidence).toBe(0.85);
    expect(diagnosis.complexity).toBe('low');
    expect(verification).toMatchObject({ ok: true, verified: true, reasons: [] });
    expect(diagnosis.verification).toEqual({ verified: true, reasons: [] });
    // The report followed the template: read without a model, no structurer call.
    expect(structurer.calls).toEqual([]);
    expect(stats.byPhase.structure).toBeUndefined();
    expect(stats.byPhase['deep-dive']).toMatchObject({ steps: 2, toolCalls: 3 });
  });

  it('gives "not found" as an unverified diagnosis with the reason, not a guess', async () => {
    const { structurer, result } = run([...TRACE_BACK, { text: NOT_FOUND }]);
    const { diagnosis } = await result;
    expect(diagnosis.affectedFiles).toEqual([]);
    expect(diagnosis.rootCause.summary).toMatch(/^Not found\./);
    expect(diagnosis.verification).toEqual({
      verified: false,
      reasons: [
        'No affected file has the role "cause": the diagnosis does not say where the fix goes.',
      ],
    });
    expect(structurer.calls).toEqual([]);
  });

  it('marks a cause without a quote inside its lines unverified', async () => {
    const evidenceFree = REPORT.replace(
      /## Evidence[\s\S]*?## Proposed change/,
      '## Evidence\nNone.\n\n## Proposed change',
    );
    const { result } = run([...TRACE_BACK, { text: evidenceFree }]);
    const { diagnosis } = await result;
    expect(diagnosis.verification).toEqual({
      verified: false,
      reasons: [
        'affectedFiles[0] (src/pricing/load-prices.ts:4-9): no quote of lines 4-9 that matches the file.',
      ],
    });
  });
});
