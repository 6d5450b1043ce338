import { describe, expect, it } from 'vitest';
import { findSessionGoal } from './session-goal.js';

describe('findSessionGoal', () => {
  it('joins the first run of user messages verbatim and names media', () => {
    expect(
      findSessionGoal([
        { role: 'system', content: 'sys' },
        { role: 'user', content: '  Fix #12:\n  the app crashes ' },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'see screenshot' },
            { type: 'image', image: 'AAA', mediaType: 'image/png' },
          ],
        },
        { role: 'assistant', content: 'ok' },
        { role: 'user', content: 'later question' },
      ]),
    ).toBe('  Fix #12:\n  the app crashes \n\nsee screenshot\n[image/png image]');
  });

  it('returns undefined without a user message', () => {
    expect(findSessionGoal([{ role: 'system', content: 'sys' }])).toBeUndefined();
  });
});
