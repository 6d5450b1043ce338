import { describe, expect, it } from 'vitest';
import { BINARY_SNIFF_BYTES, looksBinary } from './binary.js';

describe('looksBinary', () => {
  it('calls content with a NUL byte binary and text without one not', () => {
    expect(looksBinary(new Uint8Array([0x50, 0x4b, 0x00, 0x03]))).toBe(true);
    expect(looksBinary(new TextEncoder().encode('TypeError: x is undefined\n'))).toBe(false);
  });

  it('looks only at the first BINARY_SNIFF_BYTES bytes', () => {
    const late = new Uint8Array(BINARY_SNIFF_BYTES + 1).fill(0x61);
    late[BINARY_SNIFF_BYTES] = 0;
    expect(looksBinary(late)).toBe(false);
  });
});
