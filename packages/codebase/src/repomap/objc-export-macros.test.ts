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

  it('leaves a file of many unclosed macros as it is (each scan stops within its bound)', () => {
    // Speed is not asserted here: the scan skips past an unclosed macro's bound, so this input is
    // read once; the assertion is that none of the nested openings is taken for a selector.
    const hostile = 'RCT_EXPORT_METHOD((('.repeat(100_000);
    expect(withExportMacrosAsMethods(hostile)).toBe(hostile);
    const closedLate = `RCT_EXPORT_METHOD(run${'('.repeat(10)}${')'.repeat(11)} {}`;
    expect(withExportMacrosAsMethods(closedLate)).toMatch(/^- \(void\) +run/);
  });
});
