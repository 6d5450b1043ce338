import { describe, expect, it } from 'vitest';
import { createUsageCalibration } from './usage-calibration.js';

describe('createUsageCalibration', () => {
  it('starts at 1 and scales by the ratio of sums', () => {
    const calibration = createUsageCalibration();
    expect(calibration.ratio).toBe(1);
    calibration.observe(1_000, 1_100);
    calibration.observe(3_000, 3_300);
    expect(calibration.ratio).toBeCloseTo(1.1);
    expect(calibration.scale(10_000)).toBe(11_000);
  });

  it('ignores missing or empty reports', () => {
    const calibration = createUsageCalibration();
    calibration.observe(1_000, undefined);
    calibration.observe(0, 50);
    calibration.observe(1_000, 0);
    expect(calibration.ratio).toBe(1);
  });

  it('discards implausible reports instead of clamping to them (a scripted model reporting 10 tokens)', () => {
    const calibration = createUsageCalibration({ min: 0.8, max: 1.5 });
    calibration.observe(100, 1_000);
    expect(calibration.ratio).toBe(1);
    calibration.observe(100_000, 10);
    expect(calibration.ratio).toBe(1);
    calibration.observe(1_000, 1_200);
    calibration.observe(5_000, 10);
    expect(calibration.ratio).toBeCloseTo(1.2);
    expect(calibration.scale(1_000)).toBe(1_200);
  });

  it('forgets steps older than the window', () => {
    const calibration = createUsageCalibration({ window: 2 });
    calibration.observe(1_000, 2_000);
    calibration.observe(1_000, 1_000);
    calibration.observe(1_000, 1_000);
    expect(calibration.ratio).toBe(1);
  });

  it('rejects inconsistent options', () => {
    expect(() => createUsageCalibration({ min: 1.2 })).toThrow(/0 < min ≤ 1 ≤ max/);
    expect(() => createUsageCalibration({ window: 0 })).toThrow(/window/);
  });
});
