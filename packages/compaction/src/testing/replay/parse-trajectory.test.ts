import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SightlineError } from '@sightline/core';
import { describe, expect, it } from 'vitest';
import { parseTrajectory, type ReplayScript } from './parse-trajectory.js';

const fixture = (name: string) =>
  readFileSync(path.join(import.meta.dirname, '__fixtures__', name), 'utf8');

describe('parseTrajectory', () => {
  it('reads the classic layout: first word of the action names the tool, the last observation comes from `trajectory`', () => {
    expect(parseTrajectory(fixture('classic.traj'))).toEqual<ReplayScript>({
      system: 'SETTING: you are a programmer.',
      goal: 'ISSUE: cartTotal skips the first item.',
      turns: [
        {
          thought: 'List the files.\n',
          toolCalls: [
            {
              toolCallId: 'call_1',
              toolName: 'ls',
              input: { command: 'ls -F' },
              result: 'src/\ntotal.py\n(Open file: n/a)\nbash-$',
            },
          ],
        },
        {
          thought: 'Open it.\n',
          toolCalls: [
            {
              toolCallId: 'call_2',
              toolName: 'open',
              input: { command: 'open total.py' },
              result: '1:def cart_total(items):\n2:    return sum(items[1:])',
            },
          ],
        },
        {
          thought: 'Submit.\n',
          toolCalls: [
            {
              toolCallId: 'call_3',
              toolName: 'submit',
              input: { command: 'submit' },
              result: 'diff --git a/total.py b/total.py',
            },
          ],
        },
      ],
    });
  });

  it('reads the function-calling layout: names, arguments and ids from tool_calls, repeated ids made unique', () => {
    expect(parseTrajectory(JSON.parse(fixture('function-calling.traj'))).turns).toEqual([
      {
        thought: 'Create a script.',
        toolCalls: [
          {
            toolCallId: 'call_a',
            toolName: 'create',
            input: { filename: 'reproduce.py' },
            result: '[File: reproduce.py (1 lines total)]',
          },
        ],
      },
      {
        thought: 'Run it.',
        toolCalls: [
          {
            toolCallId: 'call_a_2',
            toolName: 'bash',
            input: { command: 'python reproduce.py' },
            result: '344',
          },
        ],
      },
    ]);
  });

  it('reads the mini-swe-agent layout: tool calls by id, the submission answers the last call, provider prompt tokens kept', () => {
    expect(parseTrajectory(fixture('mini-swe-agent.traj.json'))).toEqual<ReplayScript>({
      system: 'You can run shell commands.',
      goal: 'Fix the empty-cart total.',
      turns: [
        {
          thought: 'Let me look at the cart.',
          toolCalls: [
            {
              toolCallId: 'call_a',
              toolName: 'bash',
              input: { command: 'cat cart.py' },
              result:
                '<returncode>0</returncode>\n<output>\ndef total(items): return sum(items) / len(items)\n</output>',
            },
          ],
          reportedPromptTokens: 812,
        },
        {
          thought: 'Submitting.',
          toolCalls: [
            {
              toolCallId: 'call_b',
              toolName: 'bash',
              input: { command: 'echo COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT' },
              result: 'diff --git a/cart.py b/cart.py',
            },
          ],
          reportedPromptTokens: 901,
        },
      ],
    });
  });

  it('joins text parts of list content and keeps odd command names provider-safe', () => {
    const script = parseTrajectory({
      history: [
        { role: 'system', content: [{ type: 'text', text: 'sys' }] },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'goal ' },
            { type: 'text', text: 'two' },
          ],
        },
        { role: 'assistant', content: 'run', action: './exploit.sh --fast' },
        { role: 'user', content: 'ok' },
      ],
      trajectory: [],
    });
    expect(script.goal).toBe('goal two');
    expect(script.turns[0]?.toolCalls[0]).toEqual({
      toolCallId: 'call_1',
      toolName: '__exploit_sh',
      input: { command: './exploit.sh --fast' },
      result: 'ok',
    });
  });

  it.each([
    ['not JSON', '{history', /bad\.traj is not a readable SWE-agent trajectory: invalid JSON/],
    [
      'a wrong shape, naming each problem',
      { history: [{ role: 'robot', content: 'x' }], trajectory: 3 },
      /history\.0\.role: Invalid option.*; history: needs at least a system prompt and a task; trajectory: /,
    ],
    [
      'no assistant turn',
      {
        history: [
          { role: 'system', content: 's' },
          { role: 'user', content: 'u' },
        ],
        trajectory: [],
      },
      /has no assistant turn/,
    ],
    [
      'no task',
      {
        history: [
          { role: 'system', content: 's' },
          { role: 'assistant', content: 'a' },
        ],
        trajectory: [],
      },
      /no system prompt or no user task/,
    ],
  ])('rejects %s with INVALID_ARGUMENT', (_name, input, message) => {
    let caught: unknown;
    try {
      parseTrajectory(input, { source: 'bad.traj' });
    } catch (error) {
      caught = error;
    }
    expect(SightlineError.isInstance(caught)).toBe(true);
    expect((caught as SightlineError).code).toBe('INVALID_ARGUMENT');
    expect((caught as SightlineError).message).toMatch(message);
  });
});
