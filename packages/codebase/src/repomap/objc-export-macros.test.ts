import { describe, expect, it } from 'vitest';
import { withExportMacrosAsMethods } from './objc-export-macros.js';

describe('withExportMacrosAsMethods', () => {
  it('writes each export macro as the method header it declares, keeping length and lines', () => {
    const text = [
      'RCT_EXPORT_METHOD(pop',
      '                  : (NSString *)commandId resolver',
      '                  : (RCTPromiseResolveBlock)resolve) {',
      '}',
      'RCT_REMAP_METHOD(',
      '  setRootJS, setRoot:(NSDictionary *)layout) {}',
      'RCT_EXPORT_BLOCKING_SYNCHRONOUS_METHOD(getConstants) { return @{}; }',
      'RCT_REMAP_BLOCKING_SYNCHRONOUS_METHOD(nameJS, NSString *, deviceName) { return @""; }',
    ].join('\n');
    const rewritten = withExportMacrosAsMethods(text);
    expect(rewritten).toHaveLength(text.length);
    expect(rewritten.split('\n').map((line) => line.trimEnd())).toEqual([
      '- (void)          pop',
      '                  : (NSString *)commandId resolver',
      '                  : (RCTPromiseResolveBlock)resolve  {',
      '}',
      '- (void)',
      '             setRoot:(NSDictionary *)layout  {}',
      '- (id)                                 getConstants  { return @{}; }',
      '- (id)                                                    deviceName  { return @""; }',
    ]);
  });

  it('leaves text without the macros, and a macro its parenthesis never closes, as it is', () => {
    expect(withExportMacrosAsMethods('- (void)run {}\n')).toBe('- (void)run {}\n');
    const unclosed = `RCT_EXPORT_METHOD(pop:(NSString *)x ${'y'.repeat(3_000)}`;
    expect(withExportMacrosAsMethods(unclosed)).toBe(unclosed);
  });

  it('reads a file of many unclosed macros once (linear in its length)', () => {
    const hostile = 'RCT_EXPORT_METHOD((('.repeat(100_000);
    expect(withExportMacrosAsMethods(hostile)).toHaveLength(hostile.length);
  });
});
