import type { ScriptedResponse } from '@sightline/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeRepository, type FakeRepository } from '../testing/fake-repository.js';
import { CART_DIAGNOSIS, CART_REPORT } from './__fixtures__/cart-diagnosis.js';
import { runScripted } from './__fixtures__/run-scripted.js';

const TO_REPORT: ScriptedResponse[] = [
  { toolCalls: [{ toolName: 'read_file', input: { path: 'src/cart/total.ts' } }] },
  {
    toolCalls: [
      { toolName: 'suspect', input: { locations: [{ path: 'src/cart/total.ts', why: 'loop' }] } },
    ],
  },
  { toolCalls: [{ toolName: 'conclude', input: { summary: 'The loop skips items[0].' } }] },
];

describe('the structurer fills only the gaps', () => {
  let repository: FakeRepository;
  beforeAll(async () => {
    repository = await createFakeRepository();
  });
  afterAll(() => repository.cleanup());

  it('reads "High" as a confidence: no structurer call', async () => {
    const report = CART_REPORT.replace('## Confidence\n0.9', '## Confidence\nHigh');
    const { structurer, result } = runScripted(repository, [...TO_REPORT, { text: report }]);
    const { diagnosis } = await result;
    expect(structurer.calls).toHaveLength(0);
    expect(diagnosis.rootCause.confidence).toBe(0.75);
    expect(diagnosis.verification?.verified).toBe(true);
  });

  it('asks only for the fields it could not read, and keeps the rest as read', async () => {
    const report = CART_REPORT.replace(
      '## Complexity\nlow — one loop bound.',
      '## Complexity\nIt is a one-character change.',
    );
    const { structurer, result } = runScripted(
      repository,
      [...TO_REPORT, { text: report }],
      [{ text: JSON.stringify({ complexity: 'low' }) }],
    );
    const { diagnosis } = await result;
    expect(structurer.calls).toHaveLength(1);
    const request = JSON.stringify(structurer.calls[0]?.prompt);
    expect(request).toContain('return only these fields of the JSON diagnosis: complexity.');
    const schema = structurer.calls[0]?.responseFormat;
    expect(schema?.type === 'json' && Object.keys(schema.schema?.properties ?? {})).toEqual([
      'complexity',
    ]);
    expect(diagnosis.complexity).toBe('low');
    expect(diagnosis.affectedFiles[0]?.path).toBe('src/cart/total.ts');
    expect(diagnosis.verification?.verified).toBe(true);
  });

  it('fixes a near-miss path without a model', async () => {
    const report = CART_REPORT.replaceAll('src/cart/total.ts', 'src/cart/totals.ts');
    const { structurer, result } = runScripted(repository, [...TO_REPORT, { text: report }]);
    const { diagnosis } = await result;
    expect(structurer.calls).toHaveLength(0);
    expect(diagnosis.affectedFiles[0]?.path).toBe('src/cart/total.ts');
    expect(diagnosis.affectedFiles[0]?.evidence[0]?.path).toBe('src/cart/total.ts');
    expect(diagnosis.verification?.verified).toBe(true);
  });

  it('passes the errors of what it read in the first call', async () => {
    const report = CART_REPORT.replace(
      '  for (let index = 1; index < items.length; index++) {',
      '  for (let i = 1; i < items.length; i++) {',
    );
    const { structurer, result } = runScripted(
      repository,
      [...TO_REPORT, { text: report }],
      [{ text: JSON.stringify({ affectedFiles: CART_DIAGNOSIS.affectedFiles }) }],
    );
    const { diagnosis } = await result;
    expect(structurer.calls).toHaveLength(1);
    const request = JSON.stringify(structurer.calls[0]?.prompt);
    expect(request).toContain('failed verification against the repository; fix these');
    expect(request).toContain('quote not found at src/cart/total.ts:6');
    expect(request).toContain('return only these fields of the JSON diagnosis: affectedFiles.');
    expect(diagnosis.verification?.verified).toBe(true);
  });
});
