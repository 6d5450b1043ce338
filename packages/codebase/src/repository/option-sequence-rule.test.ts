/** Fake values are put together from pieces so no file here matches a scanner's rule. */
import { describe, expect, it } from 'vitest';
import { OPTION_SEQUENCE_RULE } from './option-sequence-rule.js';
import { scanSecrets } from './secrets.js';

const secret = ['Fake', 'SeqPw', '48'].join('');
const found = (text: string) =>
  [...OPTION_SEQUENCE_RULE.find(text, 'k8s/redis.yaml')].map(([start, end]) =>
    text.slice(start, end).trim(),
  );

describe('OPTION_SEQUENCE_RULE', () => {
  it.each([
    [`args:\n  - --requirepass\n  - ${secret}\n`, `- ${secret}`],
    [`command:\n  - redis-server\n  - "--requirepass"\n  - "${secret}"\n`, `- "${secret}"`],
    [`args:\n- -storepass\n- '${secret}'\n- -list\n`, `- '${secret}'`],
    [`args:\n  - --db-password\n  - ${secret}`, `- ${secret}`],
  ])('finds the value in %j', (text, item) => {
    expect(found(text)).toEqual([item]);
  });

  it.each([
    ['an option without a value', 'args:\n  - --requirepass\n  - --appendonly\n  - "yes"\n'],
    ['a pointer', 'args:\n  - --password-file\n  - /run/secrets/db\n'],
    ['other options', 'args:\n  - --port\n  - "6380"\n  - --bind\n  - 0.0.0.0\n'],
    ['another indentation', 'args:\n  - --requirepass\n- next\n'],
  ])('finds nothing in %s', (_name, text) => {
    expect(found(text)).toEqual([]);
  });

  it('withholds the value line only', async () => {
    const yaml = `containers:\n  - name: redis\n    args:\n      - --requirepass\n      - ${secret}\n`;
    expect([...(await scanSecrets(yaml, 'k8s/redis.yaml')).lines.keys()]).toEqual([5]);
  });
});
