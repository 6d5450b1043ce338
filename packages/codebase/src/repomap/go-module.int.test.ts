import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildReferenceGraph, fanIn } from './graph.js';
import { indexRepository } from './index-repository.js';
import { platformStem } from './platform-twins.js';
import { rankDefinitions } from './rank.js';
import { renderRepositoryMap } from './render-map.js';
import type { RepositoryIndex } from './types.js';

// A small Go service laid out the usual way: cmd/, internal/ packages, a vendored copy of
// golang.org/x/sys, generated protobuf code, platform twins and a test helper package.
const root = fileURLToPath(new URL('./__fixtures__/go-module', import.meta.url));

let index: RepositoryIndex;
beforeAll(async () => {
  index = await indexRepository(root, { cacheDir: false });
}, 60_000);

function targetsOf(referencer: string, name: string): Record<string, number> {
  const graph = buildReferenceGraph(index);
  const group = graph.groups.find((item) => item.referencer === referencer && item.name === name);
  return Object.fromEntries(group?.targets ?? []);
}

describe('Go repository map', () => {
  it('reads the package clause, the imports and the selector operand of each reference', () => {
    const main = index.files.get('cmd/fetchd/main.go');
    expect(main?.package).toBe('main');
    expect(main?.imports?.map((spec) => spec.path)).toEqual([
      'fmt',
      'os',
      'github.com/acme/fetchd/internal/config',
      'github.com/acme/fetchd/internal/server',
    ]);
    expect(main?.references).toContainEqual({
      name: 'Load',
      path: 'cmd/fetchd/main.go',
      line: 12,
      qualifier: 'config',
    });
  });

  it('leaves vendored and generated code out of the index', () => {
    const paths = [...index.files.keys()];
    expect(paths.some((path) => path.startsWith('vendor/'))).toBe(false);
    expect(paths).not.toContain('internal/gen/version.pb.go');
  });

  it('resolves pkg.Name through the imports, and never to a standard-library namesake', () => {
    expect(targetsOf('cmd/fetchd/main.go', 'Load')).toEqual({ 'internal/config/config.go': 1 });
    expect(targetsOf('cmd/fetchd/main.go', 'New')).toEqual({ 'internal/server/server.go': 1 });
    // fmt.Println is the standard library's, not internal/logx's Println.
    expect(targetsOf('cmd/fetchd/main.go', 'Println')).toEqual({});
    expect(fanIn(index, 'internal/logx/logx.go', 'Println')).toBe(0);
  });

  it('keeps an unqualified name inside its own package', () => {
    // server_test.go calls New(...) unqualified: the server package's New, nobody else's.
    expect(targetsOf('internal/server/server_test.go', 'New')).toEqual({
      'internal/server/server.go': 1,
    });
    expect(targetsOf('internal/server/handler.go', 'Server')).toEqual({
      'internal/server/server.go': 1,
    });
  });

  it('shares a method call among the types defining that method instead of crediting each fully', () => {
    // cfg.String(): config, level and cache each define String(); one call is one credit.
    const shares = targetsOf('cmd/fetchd/main.go', 'String');
    expect(Object.keys(shares).sort()).toEqual([
      'internal/cache/cache.go',
      'internal/config/config.go',
      'internal/level/level.go',
    ]);
    expect(Object.values(shares).reduce((sum, share) => sum + share, 0)).toBeCloseTo(1);
  });

  it('counts platform twins as one definition', () => {
    expect(platformStem('internal/fsutil/lock_unix.go')).toBe('internal/fsutil/lock.go');
    expect(platformStem('internal/fsutil/lock_windows.go')).toBe('internal/fsutil/lock.go');
    expect(platformStem('sys/zerrors_linux_amd64.go')).toBe('sys/zerrors.go');
    expect(platformStem('internal/server/server_test.go')).toBe('internal/server/server_test.go');
    expect(targetsOf('internal/server/server.go', 'Lock')).toEqual({
      'internal/fsutil/lock_unix.go': 0.5,
      'internal/fsutil/lock_windows.go': 0.5,
    });
  });

  it('ranks the central types above their methods and shows them in the map', () => {
    const names = rankDefinitions(index).map(({ path, name }) => `${path}#${name}`);
    expect(names.indexOf('internal/server/server.go#Server')).toBeLessThan(
      names.indexOf('internal/server/server.go#Serve'),
    );
    const { text } = renderRepositoryMap(index, { tokens: 400 });
    expect(text).toContain('type Server struct');
    expect(text).toContain('type Config struct');
    expect(text).toContain('type Cache struct');
  });

  it('leaves test helpers out of the map and shows platform twins once', () => {
    const { text } = renderRepositoryMap(index, { tokens: 4000 });
    expect(text).not.toContain('testutil');
    expect(text).not.toContain('server_test.go');
    expect(text.match(/func Lock\(dir string\) error/g)).toHaveLength(1);
    expect(text).toMatch(/internal\/fsutil\/lock_\w+\.go \(twins: lock_\w+\.go\):/);
  });

  it('shows a test helper when the focus points into it', () => {
    const { text } = renderRepositoryMap(index, {
      tokens: 400,
      focus: { frames: [{ path: 'internal/testutil/testutil.go', line: 18 }] },
    });
    expect(text).toContain('internal/testutil/testutil.go:');
  });
});
