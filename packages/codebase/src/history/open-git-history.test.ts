import { describe, expect, it } from 'vitest';
import { webUrlOfRemote } from './open-git-history.js';

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
