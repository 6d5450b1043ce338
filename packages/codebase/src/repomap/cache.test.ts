import { describe, expect, it } from 'vitest';
import { contentHash, isRacy } from './cache.js';

describe('isRacy', () => {
  const written = Date.UTC(2026, 10, 30, 12, 0, 0);
  it('trusts times well before the cache write', () => {
    expect(isRacy({ mtimeMs: written - 60_000, ctimeMs: written - 60_000 }, written)).toBe(false);
  });
  it('distrusts a missing time and times within 2 s of the write (git racy-clean)', () => {
    expect(isRacy({ mtimeMs: 0, ctimeMs: written - 60_000 }, written)).toBe(true);
    expect(isRacy({ mtimeMs: written - 60_000, ctimeMs: written - 1_000 }, written)).toBe(true);
    expect(isRacy({ mtimeMs: written + 5_000, ctimeMs: written - 60_000 }, written)).toBe(true);
  });
  it('distrusts every file when there was no cache write time', () => {
    expect(isRacy({ mtimeMs: written, ctimeMs: written }, 0)).toBe(true);
  });
});

describe('contentHash', () => {
  it('tells contents apart and is stable', () => {
    const a = contentHash(Buffer.from('export function a() {}\n'));
    expect(a).toMatch(/^[0-9a-f]{20}$/);
    expect(contentHash(Buffer.from('export function a() {}\n'))).toBe(a);
    expect(contentHash(Buffer.from('EXPORT function a() {}\n'))).not.toBe(a);
  });
});
