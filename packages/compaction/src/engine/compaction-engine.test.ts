/**
 * Hysteresis and the hard prompt limit of the compaction engine: a compaction goes down to
 * `target` so the next steps append without compacting again, no prompt passes
 * `contextWindow − min(maxOutputTokens, 20,000)` while something can still be masked, and a
 * prompt whose fixed parts alone are over it is reported, not sent silently.
 */
import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import type { CompactionEvent } from '../history/compaction-events.js';
import { promptTokenLimit } from '../history/compaction-limits.js';
import { countMessageTokens } from '../history/message-tokens.js';
import { createMemoryStore } from '../stores/memory-store.js';
import { SMALL_PROFILE, testEngineOptions } from './__fixtures__/engine-setup.js';
import { createCompactionEngine } from './compaction-engine.js';
import type { CompactionEngineOptions } from './compaction-engine-options.js';

const profile = SMALL_PROFILE;
const LIMIT = promptTokenLimit(profile);
const GOAL = 'Find why the cart total is NaN for an empty cart.';

function engine(overrides: Partial<CompactionEngineOptions> = {}) {
  const events: CompactionEvent[] = [];
  const instance = createCompactionEngine(
    testEngineOptions(profile, { onEvent: (event) => events.push(event), ...overrides }),
  );
  return { instance, events };
}

function exchange(id: string, resultWords: number): ModelMessage[] {
  return [
    {
      role: 'assistant',
      content: [
        { type: 'text', text: `Reading ${id}: ${'I check the totals. '.repeat(10)}` },
        { type: 'tool-call', toolCallId: id, toolName: 'read_file', input: { path: `${id}.ts` } },
      ],
    },
    {
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: id,
          toolName: 'read_file',
          output: { type: 'text', value: `${id} line `.repeat(resultWords) },
        },
      ],
    },
  ];
}

const tokensOf = (view: readonly ModelMessage[], fixed = 0) =>
  view.reduce((sum, message) => sum + countMessageTokens(message), fixed);

/** Runs 40 steps, each appending one ~300-token exchange; returns the steps that compacted. */
async function run(overrides: Partial<CompactionEngineOptions> = {}, fixedTokens = 300) {
  const { instance, events } = engine(overrides);
  const history: ModelMessage[] = [{ role: 'user', content: GOAL }];
  const sizes: number[] = [];
  for (let step = 0; step < 40; step += 1) {
    history.push(...exchange(`c${step}`, 70));
    sizes.push(tokensOf(await instance.step(history, { step, fixedTokens }), fixedTokens));
  }
  const compacting = new Set(
    events.filter((event) => event.type !== 'tool-result-offload').map((event) => event.step),
  );
  return { events, sizes, compacting };
}

/** Smallest number of steps between two compacting steps. */
function minimumGap(steps: Set<number>): number {
  const sorted = [...steps].sort((a, b) => a - b);
  return Math.min(...sorted.slice(1).map((step, index) => step - (sorted[index] as number)));
}

describe('compaction engine hysteresis', () => {
  it('compacts down to the target, so the next steps append without compacting again', async () => {
    const { events, sizes, compacting } = await run();
    const summaries = events.filter((event) => event.type === 'history-summarize');
    expect(summaries.length).toBeGreaterThan(1);
    for (const summary of summaries) expect(summary.tokensAfter).toBeLessThanOrEqual(2_000);
    // From 2,000 to the 3,400 trigger takes several ~300-token steps: no two compactions in a row.
    expect(compacting.size).toBeLessThanOrEqual(5);
    expect(minimumGap(compacting)).toBeGreaterThanOrEqual(4);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(LIMIT);
  });

  it('thrashes without hysteresis (target at the trigger): the comparison the default avoids', async () => {
    const { compacting } = await run({ target: { fraction: 0.85 } });
    expect(compacting.size).toBeGreaterThanOrEqual(8);
    expect(minimumGap(compacting)).toBe(1);
  });

  it('degrades gracefully when the fixed part is over the prompt limit: says so once, then appends for stretches', async () => {
    // System prompt and tool schemas (3,300 tokens) plus the goal are over the 3,500-token limit:
    // no compaction can help, and compacting at every step would miss the prompt cache each time.
    const { instance, events } = engine();
    const history: ModelMessage[] = [{ role: 'user', content: GOAL }];
    const sizes: number[] = [];
    for (let step = 0; step < 40; step += 1) {
      history.push(...exchange(`c${step}`, 15));
      sizes.push(tokensOf(await instance.step(history, { step, fixedTokens: 3_300 }), 3_300));
    }
    const count = (type: string) => events.filter((event) => event.type === type).length;
    expect(count('context-over-limit')).toBe(1);
    expect(count('target-unreachable')).toBe(1);
    expect(events.find((event) => event.type === 'target-unreachable')?.reason).toMatch(
      /over its target of 2000/,
    );
    const compacting = new Set(
      events.filter((event) => event.type !== 'tool-result-offload').map((event) => event.step),
    );
    // Before, every one of the 40 steps compacted and warned. Now, once the first compactions
    // found the floor (about 3,650 tokens), compaction waits for two or three ~120-token steps
    // each time (the extractive summary grows by a file path per exchange, so the floor rises).
    expect(compacting.size).toBeLessThanOrEqual(20);
    const settled = [...compacting].filter((step) => step > 1 && step < 36);
    expect(minimumGap(new Set(settled))).toBeGreaterThanOrEqual(2);
    // Waiting never lets the prompt pass the window itself.
    expect(Math.max(...sizes)).toBeLessThanOrEqual(profile.contextWindow);
    for (const summary of events.filter((event) => event.type === 'history-summarize'))
      expect(summary.tokensAfter).toBeLessThan(summary.tokensBefore);
  });

  it('waits a whole trigger-to-target band when the fixed part is between target and trigger', async () => {
    const { events, sizes, compacting } = await run({}, 2_300);
    expect(events.filter((event) => event.type === 'target-unreachable')).toHaveLength(1);
    expect(events.some((event) => event.type === 'context-over-limit')).toBe(false);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(LIMIT);
    expect(minimumGap(compacting)).toBeGreaterThanOrEqual(2);
  });

  it('rejects a target in messages', () => {
    expect(() => engine({ target: { messages: 4 } })).toThrow(/not \{ messages \}/);
  });
});

describe('compaction engine prompt limit', () => {
  it('masks a result inside the recent part, oldest first, when the newest block alone is over the limit', async () => {
    const { instance, events } = engine();
    const history: ModelMessage[] = [
      { role: 'user', content: GOAL },
      ...exchange('a', 40),
      ...exchange('b', 40),
      ...exchange('huge', 1_800),
    ];
    const view = await instance.step(history, { step: 0, fixedTokens: 200 });
    expect(tokensOf(history, 200)).toBeGreaterThan(LIMIT);
    expect(tokensOf(view, 200)).toBeLessThanOrEqual(LIMIT);
    const masks = events.filter((event) => event.type === 'tool-result-mask');
    expect(masks.flatMap((event) => event.moved.map((move) => move.toolCallId))).toContain('huge');
    expect(events.some((event) => event.type === 'context-over-limit')).toBe(false);
    // The call itself stays: only its result became a stub naming the store path.
    expect(JSON.stringify(view)).toContain('/tool_results/s/huge.txt');
  });

  it('records context-over-limit when the fixed parts alone do not fit, instead of overrunning silently', async () => {
    const { instance, events } = engine();
    const history: ModelMessage[] = [{ role: 'user', content: GOAL }, ...exchange('a', 40)];
    await instance.step(history, { step: 0, fixedTokens: 1_000 });
    expect(events.some((event) => event.type === 'context-over-limit')).toBe(false);
    await instance.step(history, { step: 1, fixedTokens: LIMIT + 10 });
    const warning = events.find((event) => event.type === 'context-over-limit');
    expect(warning).toMatchObject({ step: 1, moved: [] });
    expect(warning?.tokensAfter).toBeGreaterThan(LIMIT);
  });
});

describe('compaction engine store errors', () => {
  it('keeps a result whose offload failed in full, says why, and appends it once', async () => {
    let calls = 0;
    const { instance, events } = engine({
      offload: async (message) => {
        calls += 1;
        // The second message of the first step fails (a full disk); everything after succeeds.
        if (calls === 2) throw new Error('ENOSPC: no space left on device');
        return { message, moved: [] };
      },
    });
    const history: ModelMessage[] = [{ role: 'user', content: GOAL }, ...exchange('c0', 5)];
    expect(await instance.step(history, { step: 0, fixedTokens: 0 })).toEqual(history);
    expect(events).toEqual([
      expect.objectContaining({
        type: 'compaction-skip',
        step: 0,
        moved: [],
        reason: expect.stringContaining('ENOSPC: no space left on device'),
      }),
    ]);
    expect(await instance.step(history, { step: 1, fixedTokens: 0 })).toEqual(history);
  });

  it('skips a compaction whose store writes fail: the full history stays and the event says why', async () => {
    const store = createMemoryStore();
    const { instance, events } = engine({ store });
    store.write = async () => {
      throw new Error('EACCES: permission denied');
    };
    store.append = store.write;
    const history: ModelMessage[] = [{ role: 'user', content: GOAL }];
    for (let index = 0; index < 12; index += 1) history.push(...exchange(`c${index}`, 70));
    expect(tokensOf(history, 300)).toBeGreaterThan(LIMIT);
    const view = await instance.step(history, { step: 0, fixedTokens: 300 });
    // Nothing left the context: no mask or summary without its store entry.
    expect(view).toEqual(history);
    expect(events.filter((event) => event.moved.length > 0)).toEqual([]);
    expect(events[0]).toMatchObject({
      type: 'compaction-skip',
      reason: expect.stringMatching(/tool-result-mask skipped: .*EACCES/),
    });
    expect(events.map((event) => event.type)).toContain('context-over-limit');
  });
});
