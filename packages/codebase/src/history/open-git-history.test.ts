import { describe, expect, it } from 'vitest';
import { webUrlOfRemote, withoutPaths } from './open-git-history.js';

describe('webUrlOfRemote', () => {
  it.each([
    [
      'git@github.com:acme/slugger.git',
      { host: 'github', base: 'https://github.com/acme/slugger' },
    ],
    [
      'https://github.com/acme/slugger',
      { host: 'github', base: 'https://github.com/acme/slugger' },
    ],
    [
      'https://user:token@gitlab.com/group/sub/project.git',
      { host: 'gitlab', base: 'https://gitlab.com/group/sub/project' },
    ],
    [
      'ssh://git@github.com/acme/slugger.git/',
      { host: 'github', base: 'https://github.com/acme/slugger' },
    ],
    ['https://example.com/acme/slugger.git', undefined],
    ['/srv/git/slugger.git', undefined],
  ])('%s', (remote, expected) => {
    expect(webUrlOfRemote(remote)).toEqual(expected);
  });
});

describe('withoutPaths', () => {
  it('hides the folders git names in a refusal, quoted or not, and keeps the rest', () => {
    expect(
      withoutPaths("fatal: detected dubious ownership in repository at '/srv/app repo/x'"),
    ).toBe("fatal: detected dubious ownership in repository at '<path>'");
    expect(
      withoutPaths("fatal: detected dubious ownership in repository at '/tmp/o w n'er dir/re po'"),
    ).toBe("fatal: detected dubious ownership in repository at '<path>'");
    expect(withoutPaths("fatal: detected dubious ownership in repository at '/srv/app'")).toBe(
      "fatal: detected dubious ownership in repository at '<path>'",
    );
    expect(withoutPaths('error: cannot open C:\\work\\app\\.git/HEAD: denied')).toBe(
      'error: cannot open <path>: denied',
    );
    expect(withoutPaths('git took longer than 30000 ms; a/b and 1/2')).toBe(
      'git took longer than 30000 ms; a/b and 1/2',
    );
  });

  it('hides the whole of an unquoted path with spaces, up to the next clause', () => {
    expect(
      withoutPaths('error: could not lock config file /srv/my repo/.git/config: Permission denied'),
    ).toBe('error: could not lock config file <path>: Permission denied');
    expect(withoutPaths('fatal: not a git repository: /home/me/my project/.git')).toBe(
      'fatal: not a git repository: <path>',
    );
    expect(
      withoutPaths('fatal: not a git repository (or any parent up to mount point /srv/my data)'),
    ).toBe('fatal: not a git repository (or any parent up to mount point <path>)');
  });

  it('hides a path whose clause ends nowhere it expects (fails closed), in one pass', () => {
    expect(
      withoutPaths("fatal: /srv/secret/repo is not owned by you. 'safe.directory' may help"),
    ).toBe("fatal: <path>. 'safe.directory' may help");
    expect(withoutPaths("fatal: /.'")).toBe("fatal: <path>.'");
    const many = withoutPaths(`fatal: ${'/x '.repeat(50_000)},'`);
    expect(many).toBe("fatal: <path> ,'");
  });
});
