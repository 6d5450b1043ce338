import { seededRandom } from '@sightline/core/testing';
import { describe, expect, it } from 'vitest';
import { noToolCallError } from './loop-checks.js';

/** The pattern that told tool calls written as text, as the reference. */
const TEXT_TOOL_CALL =
  /<tool_call>|"(name|function)"\s*:\s*"[a-z_]+"[\s\S]*"(arguments|parameters|input)"\s*:/i;

const asText = (reply: string) => /plain text/.test(noToolCallError('m', [reply]).message);

describe('noToolCallError', () => {
  it('tells tool calls written as text from prose', () => {
    expect(asText('{"name": "grep", "arguments": {"pattern": "x"}}')).toBe(true);
    expect(asText('<TOOL_CALL>grep</TOOL_CALL>')).toBe(true);
    expect(asText('"arguments": {}, "name": "grep"')).toBe(false);
    expect(asText('I would grep for the loop.')).toBe(false);
  });

  it('tells them as the pattern did on random replies of its parts', () => {
    const parts = [
      '"name"',
      '"function"',
      '"NAME"',
      ':',
      ' ',
      '\n',
      '"a"',
      '"A_"',
      '"a b"',
      '"arguments"',
      '"Input"',
      '"parameters"',
      '<tool_call>',
      '<TOOL_',
      'call>',
      '"',
      'x',
    ];
    const random = seededRandom(4);
    for (let count = 0; count < 20_000; count++) {
      const length = 1 + Math.floor(random() * 10);
      const reply = Array.from({ length }, () => parts[Math.floor(random() * parts.length)]).join(
        '',
      );
      expect(asText(reply), JSON.stringify(reply)).toBe(TEXT_TOOL_CALL.test(reply));
    }
  });

  it('reads a mebibyte of names without arguments in one pass', () => {
    expect(asText('"name":"a"'.repeat(2 ** 17))).toBe(false);
    expect(asText(`${'"name":"a" '.repeat(2 ** 17)}"input":`)).toBe(true);
  });
});
