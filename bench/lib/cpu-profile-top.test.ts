import { describe, expect, it } from 'vitest';
import { moduleOf, selfTimes } from './cpu-profile-top.js';

describe('cpu-profile-top', () => {
  it('names modules by package, repository path, node internals and V8 entries', () => {
    expect(moduleOf('file:///r/node_modules/@scope/pkg/lib/a.js', 'f')).toBe('@scope/pkg');
    expect(moduleOf('file:///r/node_modules/kysely/dist/x.js', 'f')).toBe('kysely');
    expect(moduleOf('file:///r/packages/service/src/store/groups.ts', 'f')).toBe(
      'packages/service/src/store/groups.ts',
    );
    expect(moduleOf('node:internal/modules/cjs/loader', 'f')).toBe('node (internal)');
    expect(moduleOf('', '(garbage collector)')).toBe('(garbage collector)');
  });

  it('sums self time per function and module, idle left out', () => {
    const profile = {
      nodes: [
        { id: 1, callFrame: { functionName: '(idle)', url: '', lineNumber: -1 } },
        {
          id: 2,
          callFrame: { functionName: 'run', url: 'file:///r/node_modules/a/x.js', lineNumber: 9 },
        },
        {
          id: 3,
          callFrame: { functionName: 'walk', url: 'file:///r/node_modules/a/y.js', lineNumber: 0 },
        },
        {
          id: 4,
          callFrame: { functionName: 'main', url: 'file:///r/bench/serve.ts', lineNumber: 4 },
        },
      ],
      samples: [1, 2, 3, 4, 2],
      timeDeltas: [5000, 1000, 2000, 1000, 4000],
    };
    const result = selfTimes([profile]);
    expect(result.totalMs).toBe(8);
    expect(result.modules[0]).toEqual({ name: 'a', ms: 7, share: 7 / 8 });
    expect(result.functions[0]).toEqual({ name: 'run a:10', ms: 5, share: 5 / 8 });
    expect(result.modules.map((row) => row.name)).toEqual(['a', 'bench/serve.ts']);
  });
});
