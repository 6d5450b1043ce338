import { describe, expect, it } from 'vitest';
import { refuseDrivePath } from './drive-path.js';

const data = { flag: '--data', instead: 'the data folder as a path here, such as ./data' };

describe('refuseDrivePath', () => {
  it('refuses a drive path on a system without drive letters, saying what to write instead', () => {
    for (const value of ['C:/x', 'c:\\data', 'D:x']) {
      expect(() => refuseDrivePath(value, { ...data, platform: 'linux' })).toThrow(
        expect.objectContaining({
          code: 'INVALID_ARGUMENT',
          message: `--data ${value} is a Windows drive path, but this system (linux) has no drive letters: give the data folder as a path here, such as ./data (write ./${value} for a folder really named ${value.slice(0, 2)}).`,
        }),
      );
    }
  });

  it('passes a drive path on Windows, and any other path anywhere', () => {
    expect(() => refuseDrivePath('C:\\data', { ...data, platform: 'win32' })).not.toThrow();
    for (const value of ['./C:/x', 'data', '/var/lib/sightline', 'ab:c', ':memory:']) {
      expect(() => refuseDrivePath(value, { ...data, platform: 'linux' })).not.toThrow();
    }
  });
});
