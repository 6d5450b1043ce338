import { describe, expect, it } from 'vitest';
import type { RawReport } from '../sources/types.js';
import { compareReleases, regressesResolved } from './group-releases.js';
import {
  freshStore,
  POSTGRES_SKIP_MESSAGE,
  TEST_DATABASES,
  TEST_POSTGRES_URL,
} from './test-databases.test-helper.js';

if (!TEST_POSTGRES_URL) console.warn(POSTGRES_SKIP_MESSAGE);

describe('compareReleases', () => {
  it('sorts a mix of semantic versions and other version-like releases in one order', () => {
    // Semver between semantic versions and numeric parts otherwise broke the order here:
    // 1.0.0-rc.2 < 1.0.0, yet both equal to `1.0.0 (45)`, whose prerelease nobody read.
    const releases = ['1.0.0.5', '1.0.0 (45)', '1.0.0-rc.10', '1.0.0-rc.2', 'v0.9', '1.0.0'];
    const sorted = [...releases].sort(compareReleases);
    expect(sorted).toEqual(['v0.9', '1.0.0-rc.2', '1.0.0-rc.10', '1.0.0 (45)', '1.0.0', '1.0.0.5']);
    expect(compareReleases('1.0.0-rc.2', '1.0.0 (45)')).toBeLessThan(0);
    for (const a of releases) {
      for (const b of releases) {
        expect(Math.sign(compareReleases(a, b)) + Math.sign(compareReleases(b, a))).toBe(0);
        for (const c of releases) {
          if (compareReleases(a, b) <= 0 && compareReleases(b, c) <= 0) {
            expect(compareReleases(a, c)).toBeLessThanOrEqual(0);
          }
        }
      }
    }
  });
});

describe('regressesResolved', () => {
  const resolved = { release: '2.3.0', at: '2026-01-10T00:00:00.000Z' };

  it('compares versions: only a later one regresses', () => {
    expect(regressesResolved('2.4.0', resolved, undefined)).toBe(true);
    expect(regressesResolved('v2.10', resolved, undefined)).toBe(true);
    expect(regressesResolved('2.3.0', resolved, '2026-01-01T00:00:00.000Z')).toBe(false);
    expect(regressesResolved('shop@2.2.9+41', resolved, undefined)).toBe(false);
  });

  it('orders prereleases before their release (semver precedence); build metadata has none', () => {
    const beta = { release: '2.0.0-beta.3', at: '2026-01-10T00:00:00.000Z' };
    expect(regressesResolved('2.0.0', beta, undefined)).toBe(true);
    expect(regressesResolved('v2.0.0-rc.1', beta, undefined)).toBe(true);
    expect(regressesResolved('2.0.0-beta.2', beta, undefined)).toBe(false);
    expect(regressesResolved('2.0.0-beta.3+77', beta, undefined)).toBe(false);
    expect(regressesResolved('2.3', { release: '2.3.0', at: null }, undefined)).toBe(false);
    expect(
      regressesResolved('2.3.0+build.9', { release: '2.3.0+build.8', at: null }, undefined),
    ).toBe(false);
  });

  it('for build ids, regresses on one the group had not seen before it was resolved', () => {
    const build = { release: 'a1b2c3d', at: '2026-01-10T00:00:00.000Z' };
    expect(regressesResolved('a1b2c3d', build, '2026-01-01T00:00:00.000Z')).toBe(false);
    expect(regressesResolved('9f8e7d6', build, '2026-01-02T00:00:00.000Z')).toBe(false);
    expect(regressesResolved('9f8e7d6', build, '2026-01-11T00:00:00.000Z')).toBe(true);
    expect(regressesResolved('9f8e7d6', build, undefined)).toBe(true);
  });

  it('regresses when the report or the resolution has no release', () => {
    expect(regressesResolved(undefined, resolved, undefined)).toBe(true);
    expect(regressesResolved('2.0.0', { release: null, at: null }, undefined)).toBe(true);
  });
});

function raw(sourceId: string, receivedAt: string): RawReport {
  return { sourceKind: 'files', sourceId, receivedAt, format: 'auto', payload: { text: 'x' } };
}

describe.each(TEST_DATABASES)('releases per group on $name', (kind) => {
  const open = freshStore(kind);

  it('keeps releases per group and regresses a resolved group only from a later release', async () => {
    const { store, project } = await open();
    const origin = { projectId: project.id, sourceId: null };
    let day = 1;
    const arrive = async (release?: string) => {
      const receivedAt = `2026-01-${String(day++).padStart(2, '0')}T00:00:00.000Z`;
      const { report } = await store.reports.insert(raw(`r${day}`, receivedAt), origin);
      return store.groups.attach({
        reportId: report.id,
        projectId: project.id,
        label: 'crash',
        title: 'TypeError in parse',
        receivedAt,
        sourceKind: 'files',
        key: { signature: 'crash:1' },
        ...(release ? { release } : {}),
      });
    };
    const { group } = await arrive('1.9.0');
    await arrive('2.0.0');
    await arrive('2.0.0');
    expect(await store.groups.releases(group.id)).toEqual([
      {
        release: '2.0.0',
        firstSeen: '2026-01-02T00:00:00.000Z',
        lastSeen: '2026-01-03T00:00:00.000Z',
        count: 2,
      },
      {
        release: '1.9.0',
        firstSeen: '2026-01-01T00:00:00.000Z',
        lastSeen: '2026-01-01T00:00:00.000Z',
        count: 1,
      },
    ]);

    expect(await store.groups.setStatus(group.id, 'resolved')).toMatchObject({
      status: 'resolved',
      resolvedInRelease: '2.0.0',
    });
    // Users still on the release that had the bug: expected, the group stays resolved.
    expect(await arrive('2.0.0')).toMatchObject({
      regressed: false,
      group: { status: 'resolved' },
    });
    expect(await arrive('1.9.0')).toMatchObject({ regressed: false });
    // A release after the fix: it is back.
    expect(await arrive('2.1.0')).toMatchObject({
      regressed: true,
      group: { status: 'regressed', count: 6 },
    });
    expect((await store.groups.get(group.id)).status).toBe('regressed');
    expect((await store.groups.releases(group.id)).map((entry) => entry.release)).toEqual([
      '2.1.0',
      '2.0.0',
      '1.9.0',
    ]);

    // Resolved again, now in 2.1.0; a report without a release still counts as a regression.
    expect(await store.groups.setStatus(group.id, 'resolved')).toMatchObject({
      resolvedInRelease: '2.1.0',
    });
    expect(await arrive()).toMatchObject({ regressed: true, group: { status: 'regressed' } });
  });
});

describe('regressesResolved with a release of a million digits', () => {
  it('reads it as a build id unless a digit, a dot and a digit appear', () => {
    const resolved = { release: 'build-7', at: null };
    expect(regressesResolved(`${'0'.repeat(1_000_000)}x`, resolved, undefined)).toBe(true);
    expect(regressesResolved(`${'0'.repeat(1_000_000)}x`, resolved, '2026-01-01')).toBe(false);
    expect(regressesResolved('build-7', resolved, undefined)).toBe(false);
    expect(regressesResolved('1.2', { release: '1.1', at: null }, undefined)).toBe(true);
  });
});
