/** Fake values are put together from pieces so no file here matches a scanner's rule. */
import { describe, expect, it } from 'vitest';
import { REDIS_PASSWORD_RULE } from './redis-password-rule.js';
import { scanSecrets } from './secrets.js';

const join = (...parts: string[]) => parts.join('');
const secret = join('Fake', 'RedisPw', '42');
/** The ranges the rule finds in `text` of a file, as text. */
const found = (text: string, file = 'config/redis.conf') =>
  [...REDIS_PASSWORD_RULE.find(text, file)].map(([start, end]) => text.slice(start, end));

describe('REDIS_PASSWORD_RULE', () => {
  it.each([
    [`requirepass ${secret}`, 'redis.conf'],
    ['requirepass letmein', 'deploy/redis-6379.conf'],
    [`masterauth "${secret}"`, 'replica.conf'],
    [`sentinel auth-pass mymaster ${secret}`, 'sentinel.conf'],
    [`    command: redis-server --requirepass ${secret}`, 'docker-compose.yml'],
    [`redis-cli CONFIG SET requirepass ${secret}`, 'scripts/setup.sh'],
    [`user app on >${secret} ~cache:* +get`, 'redis.conf'],
    [`user default on >letmein ~* +@all`, 'config/users.acl'],
    [`redis-cli ACL SETUSER app on >${secret} ~* +@read`, 'scripts/setup.sh'],
  ])('finds the password in %j (%s)', (text, file) => {
    expect(found(text, file)).toHaveLength(1);
  });

  it.each([
    ["redis.conf's example", '# requirepass foobared'],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell variable, as written
    ['a variable', 'requirepass ${REDIS_PASSWORD}\nmasterauth $REDIS_PASSWORD'],
    ['a placeholder', 'requirepass <password>'],
  ])('finds nothing in %s', (_name, text) => {
    expect(found(text)).toEqual([]);
  });

  it('reads no user line as an ACL user outside a Redis configuration or ACL file', () => {
    expect(found(`user app on >${secret} ~* +@all`, 'notes.txt')).toEqual([]);
    expect(found('user app on nopass ~* +@all\nuser ops off', 'users.acl')).toEqual([]);
  });

  it('reads words of prose as no password outside a Redis configuration file', () => {
    expect(
      found('Set requirepass in redis.conf, and masterauth on replicas.', 'README.md'),
    ).toEqual([]);
  });

  it('withholds the directive of a configuration file', async () => {
    const conf = `bind 127.0.0.1\nport 6379\nrequirepass ${secret}\nappendonly yes\n`;
    expect([...(await scanSecrets(conf, 'redis.conf')).lines.keys()]).toEqual([3]);
  });
});
