import { describe, expect, it } from 'vitest';
import { idOfDroppedLine } from './dropped-line-id.js';

/** The two 1 KiB ends of `line`, as the line limit keeps them. */
function ends(line: string): [string, string] {
  return [line.slice(0, 1024), line.slice(-1024)];
}

const report = `TypeError: a, b, "c"}, {"id": 9} ${'x, '.repeat(4096)}`;

describe('idOfDroppedLine', () => {
  it('reads the id where a client writes it first', () => {
    const line = JSON.stringify({
      jsonrpc: '2.0',
      id: 'call-7',
      method: 'tools/call',
      params: { name: 'investigate', arguments: { report } },
    });
    expect(idOfDroppedLine(...ends(line))).toBe('call-7');
  });

  it('reads the id where the MCP SDK client writes it, last', () => {
    const line = JSON.stringify({
      method: 'tools/call',
      params: { name: 'investigate', arguments: { report: `${report}, "id": 9}` } },
      jsonrpc: '2.0',
      id: 4,
    });
    expect(idOfDroppedLine(...ends(line))).toBe(4);
  });

  it('is null when no end holds a request id of the outermost object', () => {
    const nested = JSON.stringify({
      jsonrpc: '2.0',
      method: 'notifications/message',
      params: { data: report, id: 3 },
    });
    expect(idOfDroppedLine(...ends(nested))).toBeNull();
    expect(
      idOfDroppedLine(...ends(`[${JSON.stringify({ jsonrpc: '2.0', id: 1, report })}]`)),
    ).toBeNull();
    expect(idOfDroppedLine(...ends(JSON.stringify({ id: 1.5, report, x: 1 })))).toBeNull();
    expect(idOfDroppedLine(...ends(`not json ${report}`))).toBeNull();
  });
});
