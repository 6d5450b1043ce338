import { describe, expect, it } from 'vitest';
import { parseReports, type Report } from '../adapters/investigator.js';
import type { RawReport } from '../sources/types.js';
import {
  freshStore,
  POSTGRES_SKIP_MESSAGE,
  TEST_DATABASES,
  TEST_POSTGRES_URL,
} from '../store/test-databases.test-helper.js';
import { crashSignature, legacyCrashSignatures } from './crash-signature.js';
import { groupKey } from './group-key.js';

if (!TEST_POSTGRES_URL) console.warn(POSTGRES_SKIP_MESSAGE);

/** One crash as Node 16 printed it and as Node 22 prints it (receiver and alias gone, lines moved). */
const node16 = `TypeError: Cannot read properties of undefined (reading 'id')
    at Function.wrap [as post] (/srv/app/src/http.js:10:5)
    at async Object.handle (/srv/app/src/routes.js:40:12)`;
const node22 = `TypeError: Cannot read properties of undefined (reading 'id')
    at wrap (/srv/app/src/http.js:12:3)
    at async handle (/srv/app/src/routes.js:44:12)`;
const other = `TypeError: Cannot read properties of undefined (reading 'id')
    at Function.unwrap [as post] (/srv/app/src/http.js:30:5)
    at async Object.handle (/srv/app/src/routes.js:40:12)`;

/** Crashes in two functions whose names differ only in a digit: `crash3:` made them one group. */
const inParser = (version: number) => `TypeError: Cannot read properties of undefined (reading 'id')
    at parseV${version} (/srv/app/src/parse.js:10:5)
    at async Object.handle (/srv/app/src/routes.js:40:12)`;

const parse = (text: string): Report => parseReports(text, {})[0] as Report;

function raw(sourceId: string): RawReport {
  return {
    sourceKind: 'files',
    sourceId,
    receivedAt: '2026-12-01T00:00:00.000Z',
    format: 'auto',
    payload: { text: sourceId },
  };
}

describe.each(TEST_DATABASES)(
  'a group stored under the legacy crash fingerprint, on $name',
  (kind) => {
    const open = freshStore(kind);

    /** Stores a report of the fresh store's project and attaches it to a group by `key`. */
    const opened = async () => {
      const { store, project } = await open();
      const attach = async (id: string, key: Parameters<typeof store.groups.attach>[0]['key']) => {
        const { report } = await store.reports.insert(raw(id), {
          projectId: project.id,
          sourceId: null,
        });
        const { group } = await store.groups.attach({
          reportId: report.id,
          projectId: project.id,
          label: 'crash',
          title: 'TypeError in wrap',
          receivedAt: report.receivedAt,
          sourceKind: 'files',
          key,
        });
        return group;
      };
      return { store, attach };
    };

    it('keeps receiving its crashes after the upgrade, and is re-keyed to the current version', async () => {
      const { store, attach } = await opened();
      // Before the upgrade the service keyed the crash by the legacy rule only.
      const legacy = legacyCrashSignatures(parse(node16)).at(-1) as string;
      expect(legacy).toMatch(/^crash:/);
      const before = await attach('before', { signature: legacy });
      // After it: the same crash from the same runtime finds the old group by its legacy key.
      const again = await attach('after', groupKey(parse(node16)));
      expect(again.id).toBe(before.id);
      expect(again.count).toBe(2);
      expect((await store.groups.get(before.id)).signature).toBe(crashSignature(parse(node16)));
      // Printed by a newer runtime (another legacy key, the same current one): the same group.
      expect(legacyCrashSignatures(parse(node22)).at(-1)).not.toBe(legacy);
      expect((await attach('node22', groupKey(parse(node22)))).id).toBe(before.id);
      // Another crash on the same receiver is another group.
      expect((await attach('other', groupKey(parse(other)))).id).not.toBe(before.id);
    });

    it('made by crash3: of two crashes keeps the first of them that arrives; the other gets its own', async () => {
      const { store, attach } = await opened();
      const [v2, v3] = [parse(inParser(2)), parse(inParser(3))];
      const crash3 = legacyCrashSignatures(v2).at(0) as string;
      expect(crash3).toMatch(/^crash3:/);
      expect(legacyCrashSignatures(v3).at(0)).toBe(crash3);
      const before = await attach('before', { signature: crash3 });
      expect((await attach('v3', groupKey(v3))).id).toBe(before.id);
      expect((await store.groups.get(before.id)).signature).toBe(crashSignature(v3));
      const v2Group = await attach('v2', groupKey(v2));
      expect(v2Group.id).not.toBe(before.id);
      expect(v2Group.signature).toBe(crashSignature(v2));
      expect((await attach('v2 again', groupKey(v2))).id).toBe(v2Group.id);
    });
  },
);
