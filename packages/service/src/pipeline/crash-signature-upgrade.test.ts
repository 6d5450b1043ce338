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

    it('keeps receiving its crashes after the upgrade, and is re-keyed to the current version', async () => {
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
  },
);
