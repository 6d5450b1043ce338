import { countTokens, SightlineError } from '@sightline/core';
import { describe, expect, it } from 'vitest';
import {
  capText,
  fromCodeToolResult,
  MAX_TEXT_TOKENS,
  toolFailure,
  toolSuccess,
} from './tool-response.js';

describe('capText', () => {
  it('keeps text that fits, and cuts longer text to the cap with a note', () => {
    expect(capText('short', 'Ask for less.')).toBe('short');
    const long = 'word '.repeat(MAX_TEXT_TOKENS * 2);
    const cut = capText(long, 'Ask for less.');
    expect(countTokens(cut)).toBeLessThanOrEqual(MAX_TEXT_TOKENS);
    expect(cut.endsWith('\n[Output cut at 10,000 tokens. Ask for less.]')).toBe(true);
  });
});

describe('tool results', () => {
  it('shapes successes, code tool errors and thrown errors', () => {
    expect(toolSuccess('hello', { a: 1 })).toEqual({
      content: [{ type: 'text', text: 'hello' }],
      structuredContent: { a: 1 },
    });
    expect(fromCodeToolResult({ error: { code: 'SECRET_FILE', message: 'No.' } })).toEqual({
      content: [{ type: 'text', text: 'SECRET_FILE: No.' }],
      isError: true,
    });
    expect(fromCodeToolResult({ text: 'ok' })).toEqual({
      content: [{ type: 'text', text: 'ok' }],
      structuredContent: { text: 'ok' },
    });
    expect(toolFailure(new SightlineError({ code: 'REPORT_EMPTY', message: 'Empty.' }))).toEqual({
      content: [{ type: 'text', text: 'REPORT_EMPTY: Empty.' }],
      isError: true,
    });
    expect(toolFailure(new Error('disk on fire'))).toEqual({
      content: [{ type: 'text', text: 'TOOL_FAILED: disk on fire' }],
      isError: true,
    });
  });
});

describe('toolFailure with an attachment', () => {
  it('adds it as a second text block, capped like every answer', () => {
    const error = new SightlineError({ code: 'MODEL_OUTPUT_INVALID', message: 'Unverified.' });
    expect(toolFailure(error, 'the report').content).toEqual([
      { type: 'text', text: 'MODEL_OUTPUT_INVALID: Unverified.' },
      { type: 'text', text: 'the report' },
    ]);
    const [, long] = toolFailure(error, 'word '.repeat(MAX_TEXT_TOKENS * 2)).content;
    const text = long?.type === 'text' ? long.text : '';
    expect(countTokens(text)).toBeLessThanOrEqual(MAX_TEXT_TOKENS);
    expect(text).toMatch(/\[Output cut at 10,000 tokens\. The rest is not shown\.\]$/);
  });
});
