import { generateText, stepCountIs, tool } from 'ai';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createScriptedModel } from './scripted-model.js';

describe('createScriptedModel', () => {
  it('answers in order and records prompt, tools and tool choice of each call', async () => {
    const scripted = createScriptedModel([
      { toolCalls: [{ toolName: 'echo', input: { word: 'hi' } }], usage: { input: 7, output: 3 } },
      { text: 'done' },
    ]);
    const echo = tool({
      inputSchema: z.object({ word: z.string() }),
      execute: async ({ word }) => `echo ${word}`,
    });
    const result = await generateText({
      model: scripted.model,
      prompt: 'say hi',
      tools: { echo },
      toolChoice: 'required',
      stopWhen: stepCountIs(5),
      prepareStep: ({ stepNumber }) => (stepNumber === 1 ? { toolChoice: 'none' } : undefined),
    });
    expect(result.text).toBe('done');
    expect(result.totalUsage.inputTokens).toBe(17);
    expect(scripted.remaining()).toBe(0);
    expect(scripted.calls.map(({ tools, toolChoice }) => ({ tools, toolChoice }))).toEqual([
      { tools: ['echo'], toolChoice: { type: 'required' } },
      { tools: ['echo'], toolChoice: { type: 'none' } },
    ]);
    expect(JSON.stringify(scripted.calls[1]?.prompt)).toContain('echo hi');
  });

  it('throws a scripted error, and names the call when the script runs out', async () => {
    const failing = createScriptedModel([{ error: new Error('connection refused') }]);
    await expect(generateText({ model: failing.model, prompt: 'x' })).rejects.toThrow(
      'connection refused',
    );
    const empty = createScriptedModel([], { modelId: 'empty' });
    await expect(generateText({ model: empty.model, prompt: 'x' })).rejects.toThrow(
      'Scripted model "empty" has no response for call 1',
    );
  });
});

describe('createScriptedModel hang', () => {
  it('answers nothing until the call is aborted, then throws the abort reason', async () => {
    const hanging = createScriptedModel([{ hang: true }]);
    const controller = new AbortController();
    const call = generateText({
      model: hanging.model,
      prompt: 'x',
      maxRetries: 0,
      abortSignal: controller.signal,
    });
    await vi.waitFor(() => expect(hanging.calls).toHaveLength(1));
    controller.abort(new Error('stop now'));
    await expect(call).rejects.toThrow('stop now');
    expect(hanging.calls[0]?.abortSignal?.aborted).toBe(true);
  });
});
