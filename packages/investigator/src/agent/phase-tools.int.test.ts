import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeRepository, type FakeRepository } from '../testing/fake-repository.js';
import { createPhaseTools } from './phase-tools.js';

describe('createPhaseTools', () => {
  let repository: FakeRepository;
  beforeAll(async () => {
    repository = await createFakeRepository();
  });
  afterAll(() => repository.cleanup());

  const options = { toolCallId: 'call-1', messages: [] };

  it('suspect records the locations and warns about paths that are not files', async () => {
    const { suspect } = createPhaseTools({ root: repository.root });
    const result = await suspect.execute?.(
      {
        locations: [
          { path: 'src/cart/total.ts', lines: [6, 8], why: 'loop starts at 1' },
          { path: 'src/cart/sum.ts', why: 'invented' },
          { path: 'src/cart', why: 'a folder' },
          { path: '../outside.ts', why: 'escapes' },
        ],
      },
      options,
    );
    expect(result).toBe(
      'Recorded 4 suspect location(s). These paths are not files in the repository; do not cite them: src/cart/sum.ts, src/cart, ../outside.ts. Deep-dive now: read the exact lines, search for where a bad value is produced if needed, then call conclude.',
    );
  });

  it('suspect says nothing more when every path exists; conclude points at the report', async () => {
    const { suspect, conclude } = createPhaseTools({ root: repository.root });
    expect(
      await suspect.execute?.({ locations: [{ path: 'src/checkout.ts', why: 'caller' }] }, options),
    ).toBe(
      'Recorded 1 suspect location(s). Deep-dive now: read the exact lines, search for where a bad value is produced if needed, then call conclude.',
    );
    expect(await conclude.execute?.({ summary: 'The loop skips items[0].' }, options)).toBe(
      'Summary recorded. Write the final report next.',
    );
  });
});
