import { getModelProfile, type ModelPricing } from '@sightline/core';
import { describe, expect, it } from 'vitest';
import { countByPhase, estimateCostUsd, summarizeStats } from './agent-stats.js';

const step = (toolCalls: number, input: number, output: number, cacheRead = 0, cacheWrite = 0) => ({
  toolCalls: Array.from({ length: toolCalls }),
  usage: {
    inputTokens: input,
    outputTokens: output,
    inputTokenDetails: { cacheReadTokens: cacheRead, cacheWriteTokens: cacheWrite },
  },
});

describe('agent statistics', () => {
  const sonnet = getModelProfile('claude-sonnet-4-5').pricing as ModelPricing;

  it('counts cache reads and writes per phase, as providers report them', () => {
    expect(
      countByPhase(
        [step(2, 5_000, 100, 0, 4_000), step(1, 6_000, 50, 4_000)],
        ['explore', 'explore'],
      ),
    ).toEqual({
      explore: {
        steps: 2,
        toolCalls: 3,
        inputTokens: 11_000,
        outputTokens: 150,
        cachedInputTokens: 4_000,
        cacheWriteTokens: 4_000,
      },
    });
  });

  it('prices uncached input, cache reads, cache writes and output separately', () => {
    // Claude Sonnet 4.5 list prices: $3 input, $0.30 cache read, $3.75 cache write, $15 output.
    expect(sonnet).toMatchObject({ inputPerMillion: 3, outputPerMillion: 15, asOf: '2026-12-01' });
    const phase = {
      steps: 1,
      toolCalls: 0,
      inputTokens: 1_000_000,
      outputTokens: 100_000,
      cachedInputTokens: 500_000,
      cacheWriteTokens: 100_000,
    };
    // 400k × $3 + 500k × $0.30 + 100k × $3.75 + 100k × $15, per million.
    expect(estimateCostUsd(phase, sonnet)).toBeCloseTo(1.2 + 0.15 + 0.375 + 1.5, 10);
  });

  it('totals the cost when every phase has a price, and leaves it out otherwise', () => {
    const byPhase = countByPhase([step(1, 10_000, 500, 8_000)], ['explore']);
    const priced = summarizeStats(byPhase, 'anthropic:claude-sonnet-4-5', 10.4, () => sonnet);
    expect(priced).toEqual({
      toolCalls: 1,
      byPhase,
      inputTokens: 10_000,
      outputTokens: 500,
      cachedInputTokens: 8_000,
      cacheWriteTokens: 0,
      // (2,000 × 3 + 8,000 × 0.3 + 500 × 15) / 1e6 = 0.0159
      costUsd: 0.0159,
      durationMs: 10,
      model: 'anthropic:claude-sonnet-4-5',
    });
    expect(summarizeStats(byPhase, 'local:qwen3', 1)).not.toHaveProperty('costUsd');
  });
});
