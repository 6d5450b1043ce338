import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { type Diagnosis, parseReport, type Report } from '../adapters/investigator.js';
import type { RawReport } from '../sources/types.js';
import { diagnosisCulprit, stackCulprit } from './inbox-rows.js';
import { type NewDiagnosis, openStore, type Store } from './index.js';
import { TEST_DATABASES } from './test-databases.test-helper.js';

const NOW = new Date('2026-03-14T15:00:00.000Z');

function parsed(
  frames: Report['exceptions'][number]['frames'],
  extra: Partial<Report> = {},
): Report {
  return {
    id: 'r',
    kind: 'crash',
    source: { format: 'auto' },
    body: 'TypeError',
    exceptions: [{ type: 'TypeError', message: 'x is undefined', frames }],
    identifiers: [],
    paths: [],
    ...extra,
  };
}

describe.each(TEST_DATABASES)('inbox rows on $name', (kind) => {
  let store: Store;
  let drop: () => Promise<void>;
  afterEach(async () => {
    await store?.close();
    await drop?.();
  });

  it('gives the culprit, root cause, 14-day trend, releases, platforms and environments', async () => {
    const created = await kind.create();
    drop = created.drop;
    store = await openStore(created.location);
    const project = await store.projects.ensure({ name: 'app', repo: '/src/app' });
    const origin = { projectId: project.id, sourceId: null };
    const frames = [
      { file: 'node:internal/x', function: 'run', inApp: false, raw: 'at run' },
      {
        file: '/srv/app/src/cart.js',
        repoPath: 'src/cart.js',
        line: 42,
        function: 'addItem',
        inApp: true,
        raw: 'at addItem',
      },
    ];
    const arrivals: Array<[string, string, RawReport['meta'], Partial<Report>]> = [
      ['a', '2026-03-14T09:00:00.000Z', { release: '2.13.0', environment: 'production' }, {}],
      ['b', '2026-03-14T10:00:00.000Z', { release: '2.13.0', environment: 'production' }, {}],
      ['c', '2026-03-12T10:00:00.000Z', { release: '2.12.1' }, { platform: 'javascript' }],
      ['d', '2026-02-01T10:00:00.000Z', {}, { appVersion: '2.10.0', environment: 'staging' }],
    ];
    let groupId = '';
    for (const [id, receivedAt, meta, extra] of arrivals) {
      const { report } = await store.reports.insert(
        {
          sourceKind: 'sentry',
          sourceId: id,
          receivedAt,
          format: 'auto',
          payload: { text: id },
          meta,
        },
        origin,
      );
      const { group } = await store.groups.attach({
        reportId: report.id,
        projectId: project.id,
        label: 'crash',
        title: 'TypeError',
        receivedAt,
        sourceKind: 'sentry',
        key: { signature: 'crash:1' },
        analysis: {
          report: parsed(frames, extra),
          classification: { label: 'crash', confidence: 1, method: 'offline', reasons: [] },
        },
      });
      groupId = group.id;
    }
    const before = await store.inboxRows([await store.groups.get(groupId)], NOW);
    expect(before.get(groupId)).toMatchObject({
      culprit: { function: 'addItem', file: 'src/cart.js', line: 42, from: 'stack' },
      rootCause: null,
      diagnosisOutcome: null,
      diagnosisConfidence: null,
      releases: ['2.13.0', '2.10.0', '2.12.1'],
      platforms: ['javascript'],
      // The parsed report's environment when its payload gives one (a Sentry event posted to
      // the API has no source meta; fresh-user trial 28: the column stayed empty).
      environments: ['production', 'staging'],
    });
    const trend = before.get(groupId)?.trend ?? [];
    expect(trend).toHaveLength(14);
    expect(trend.slice(-3)).toEqual([1, 0, 2]);
    expect(trend.reduce((a, b) => a + b, 0)).toBe(3);

    await store.diagnoses.add({
      groupId,
      reportId: (await store.reports.listOfGroup(groupId))[0]?.id ?? '',
      runKey: 'job-1',
      revision: 'aaa',
      model: null,
      diagnosis: {
        method: 'offline',
        rootCause: {
          summary: 'addItem reads the price of a missing item.\nMore.',
          explanation: 'e',
          confidence: 0.4,
        },
        affectedFiles: [{ path: 'src/cart.js', lines: [40, 44], role: 'cause', evidence: [] }],
      } as unknown as NewDiagnosis['diagnosis'],
      suspects: [],
      verification: { ok: true } as unknown as NewDiagnosis['verification'],
      durationMs: 5,
    });
    const after = await store.inboxRows([await store.groups.get(groupId)], NOW);
    expect(after.get(groupId)?.rootCause).toBe('addItem reads the price of a missing item.');
    // Its verification did not hold: a lead, not a finding.
    expect(after.get(groupId)?.diagnosisOutcome).toBe('unverified');
    // The inbox says how sure the diagnosis is beside what it found (fresh-user trial 19).
    expect(after.get(groupId)?.diagnosisConfidence).toBe(0.4);
  });
});

describe('stackCulprit', () => {
  // As `markInAppFrames` leaves them: a frame in the repository has its `repoPath`.
  const frame = (file: string, fn: string, inApp = false, repoPath?: string) => ({
    file,
    function: fn,
    line: 1,
    inApp,
    ...(repoPath ? { repoPath } : {}),
    raw: `at ${fn} (${file}:1:1)`,
  });
  const report = (frames: Report['exceptions'][number]['frames']) =>
    ({ exceptions: [{ type: 'Error', message: 'x', frames }] }) as unknown as Report;

  it("takes a chained exception's culprit from its root cause (the deepest cause with a frame in the repository)", () => {
    const chained = {
      exceptions: [
        {
          type: 'ServletException',
          message: 'x',
          frames: [frame('/srv/app/src/filter.js', 'doFilter', true, 'src/filter.js')],
          cause: {
            type: 'MyException',
            message: 'y',
            frames: [frame('/srv/app/src/servlet.js', 'doPost', true, 'src/servlet.js')],
            cause: { type: 'RootException', message: 'z', frames: [] },
          },
        },
      ],
    } as unknown as Report;
    expect(stackCulprit(chained)).toEqual({
      function: 'doPost',
      file: 'src/servlet.js',
      line: 1,
      from: 'stack',
    });
  });

  it('never takes a frame without a real file or in a library: the acorn crash on another repository has none', () => {
    const text = fs.readFileSync(
      new URL('../../../../examples/acorn-8.14.1-bigint-crash/report.md', import.meta.url),
      'utf8',
    );
    expect(stackCulprit(parseReport(text))).toBeNull();
    expect(
      stackCulprit(
        report([
          frame('<anonymous>', 'JSON.stringify'),
          frame('native', 'Array.map'),
          frame('node:internal/streams/readable', 'endReadableNT'),
          frame('/app/node_modules/lib/index.js', 'run'),
        ]),
      ),
    ).toBeNull();
  });

  it('never takes a frame outside the repository, however application-like its file', () => {
    // Found by a fresh-user trial: a Django traceback and a Go panic ingested into a project on
    // qs showed `compute_total · /srv/shop/orders/models.py:141` and
    // `nilPtrDereference · panics/panics.go:33` as the culprit, while the root cause named qs code.
    expect(
      stackCulprit(
        report([
          frame('/srv/shop/orders/models.py', 'compute_total'),
          frame('panics/panics.go', 'nilPtrDereference'),
          frame('/home/user/app/src/config.js', 'parseTimeout'),
        ]),
      ),
    ).toBeNull();
  });

  it('takes the top in-app frame in the repository, else its top frame there', () => {
    expect(
      stackCulprit(
        report([
          frame('<anonymous>', 'JSON.stringify'),
          frame('/srv/other/x.js', 'x'),
          frame('/srv/app/src/a.js', 'a', false, 'src/a.js'),
          frame('/srv/app/src/b.js', 'b', true, 'src/b.js'),
        ]),
      ),
    ).toEqual({ function: 'b', file: 'src/b.js', line: 1, from: 'stack' });
    expect(
      stackCulprit(
        report([
          frame('/srv/other/x.js', 'x'),
          frame('/srv/app/vendor/a.js', 'a', false, 'vendor/a.js'),
        ]),
      ),
    ).toEqual({ function: 'a', file: 'vendor/a.js', line: 1, from: 'stack' });
  });
});

describe('diagnosisCulprit', () => {
  it("points at the line the diagnosis quotes inside its cause's range, else at the range's start", () => {
    // Found by a fresh-user trial: a crash raised at src/parser.js:10 in a cause spanning 3-14
    // was placed at :3 by the digest; the culprit and the digest now read one rule.
    const cause = (line: number) =>
      ({
        affectedFiles: [
          { path: 'a.js', lines: [1, 2], role: 'symptom', evidence: [] },
          {
            path: 'src/parser.js',
            lines: [3, 14],
            symbol: 'parseConfig',
            role: 'cause',
            evidence: [{ path: 'src/parser.js', line, quote: 'x' }],
          },
        ],
      }) as unknown as Diagnosis;
    expect(diagnosisCulprit(cause(10))).toEqual({
      function: 'parseConfig',
      file: 'src/parser.js',
      line: 10,
      from: 'diagnosis',
    });
    expect(diagnosisCulprit(cause(40))?.line).toBe(3);
  });
});
