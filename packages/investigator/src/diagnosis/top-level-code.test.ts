import { describe, expect, it } from 'vitest';
import { inTopLevelCode } from './top-level-code.js';

describe('inTopLevelCode', () => {
  it("takes a script's statements and a module's imports as top-level code", () => {
    const script = [
      'import json',
      '',
      'config = json.load(open("c.json"))',
      'print(config["items"])',
    ];
    expect(inTopLevelCode(script, 4)).toBe(true);
    expect(inTopLevelCode(script, 1)).toBe(true);
    // A line inside a top-level `if` block: its head is the `if`.
    const guarded = ['import sys', '', 'if __name__ == "__main__":', '    main(sys.argv)'];
    expect(inTopLevelCode(guarded, 4)).toBe(true);
  });

  it('refuses a body the index does not name: an anonymous export, a callback, a lambda', () => {
    const exported = [
      "import { send } from './send.js';",
      '',
      'export default isSupported && (async (config) => {',
      '  const response = await send(config);',
      '',
      '  return response.body;',
      '});',
    ];
    expect(inTopLevelCode(exported, 4)).toBe(false);
    expect(inTopLevelCode(exported, 6)).toBe(false);
    const callback = ["app.get('/orders', function (req, res) {", '  res.send(orders);', '});'];
    expect(inTopLevelCode(callback, 2)).toBe(false);
    expect(inTopLevelCode(['handler = lambda event:', '    event["body"]'], 2)).toBe(false);
    expect(inTopLevelCode(['items.each do |item|', '  puts item', 'end'], 2)).toBe(false);
  });

  it('refuses a range with no line at column 0 above it', () => {
    expect(inTopLevelCode(['    indented()', '    more()'], 2)).toBe(false);
    expect(inTopLevelCode([], 1)).toBe(false);
  });
});
