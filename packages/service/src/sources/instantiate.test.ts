import { describe, expect, it } from 'vitest';
import { githubSource } from './github/index.js';
import { describeIssues } from './instantiate.js';

describe('describeIssues', () => {
  it('names the field of each complaint, and gives a complaint about the whole object as it is', () => {
    const none = githubSource.credentialsSchema.safeParse({});
    expect(none.success).toBe(false);
    expect(describeIssues(none.error as NonNullable<typeof none.error>)).toBe(
      'Give a token (polling), a webhookSecret (webhooks), or both.',
    );
    const empty = githubSource.credentialsSchema.safeParse({ token: '' });
    expect(describeIssues(empty.error as NonNullable<typeof empty.error>)).toMatch(/^token: /);
  });
});
