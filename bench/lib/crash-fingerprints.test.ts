import { parseReport } from '@sightline/intake';
import { describe, expect, it } from 'vitest';
import { compareFingerprints, fingerprintReport } from './crash-fingerprints.js';

const trace = (...frames: string[]) =>
  parseReport(['TypeError: boom', ...frames.map((frame) => `    at ${frame}`)].join('\n'));

describe('crash fingerprints', () => {
  it('hold hashes only, no text of the report', () => {
    const fingerprint = fingerprintReport(trace('run (/srv/app/secret-name.js:1:2)'));
    expect(JSON.stringify(fingerprint)).not.toMatch(/secret-name|boom|run/);
    expect(fingerprint.frames).toHaveLength(1);
  });

  it('count lost, added and re-sided frames, not reordering', () => {
    const before = fingerprintReport(
      trace(
        'a (/srv/app/a.js:1:1)',
        'b (/srv/app/b.js:2:2)',
        'c (/srv/app/node_modules/x/c.js:3:3)',
      ),
    );
    const same = fingerprintReport(
      trace(
        'b (/srv/app/b.js:2:2)',
        'a (/srv/app/a.js:1:1)',
        'c (/srv/app/node_modules/x/c.js:3:3)',
      ),
    );
    expect(compareFingerprints(before, same)).toEqual({
      lostExceptions: 0,
      lostFrames: 0,
      addedFrames: 0,
      appToLibrary: 0,
      libraryToApp: 0,
    });
    const after = fingerprintReport(trace('a (/srv/app/a.js:1:1)', 'd (/srv/app/d.js:4:4)'));
    expect(compareFingerprints(before, after)).toEqual({
      lostExceptions: 0,
      lostFrames: 2,
      addedFrames: 1,
      appToLibrary: 0,
      libraryToApp: 0,
    });
  });

  it('count a frame that changed side', () => {
    const before = fingerprintReport(trace('a (/srv/app/a.js:1:1)'));
    const after = { ...before, frames: before.frames.map((frame) => ({ ...frame, inApp: false })) };
    expect(compareFingerprints(before, after).appToLibrary).toBe(1);
    expect(compareFingerprints(after, before).libraryToApp).toBe(1);
  });
});
