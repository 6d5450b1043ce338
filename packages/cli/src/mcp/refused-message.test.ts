import { describe, expect, it } from 'vitest';
import { refusedMessageAnswer } from './refused-message.js';

const codeAndId = (line: string) => {
  const answer = refusedMessageAnswer(line);
  return answer && [answer.error.code, answer.id];
};

describe('refusedMessageAnswer', () => {
  it('passes on a JSON-RPC 2.0 request, notification or response', () => {
    expect(codeAndId('{"jsonrpc":"2.0","id":1,"method":"tools/list"}')).toBeNull();
    expect(codeAndId('{"jsonrpc":"2.0","method":"notifications/initialized"}\r')).toBeNull();
    expect(codeAndId('{"jsonrpc":"2.0","id":"a","result":{}}')).toBeNull();
  });

  it('answers a line that is not JSON with a parse error, id null', () => {
    expect(codeAndId('tools/list')).toEqual([-32700, null]);
  });

  it('answers an invalid request with its id when it is a string or a number, else null', () => {
    expect(codeAndId('{"jsonrpc":"1.0","id":6,"method":"tools/list"}')).toEqual([-32600, 6]);
    expect(codeAndId('{"jsonrpc":"2.0","id":"x","method":5}')).toEqual([-32600, 'x']);
    expect(codeAndId('{"jsonrpc":"2.0","id":{"x":1},"method":"tools/list"}')).toEqual([
      -32600,
      null,
    ]);
    expect(codeAndId('[{"jsonrpc":"2.0","id":7,"method":"tools/list"}]')).toEqual([-32600, null]);
    expect(codeAndId('{}')).toEqual([-32600, null]);
    expect(codeAndId('42')).toEqual([-32600, null]);
  });

  it('says what is wrong and gives an example', () => {
    expect(
      refusedMessageAnswer('{"jsonrpc":"2.0","id":{"x":1},"method":"tools/list"}')?.error.message,
    ).toBe(
      'Invalid Request: "id" must be a string or an integer, e.g. {"jsonrpc":"2.0","id":1,"method":"tools/list"}.',
    );
    expect(refusedMessageAnswer('[]')?.error.message).toMatch(
      /^Invalid Request: a batch \(a JSON array\) is not taken over MCP\./,
    );
  });
});
