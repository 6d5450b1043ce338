/**
 * Listens for the inbox's keys (see `triage-keys.ts`) while the inbox is shown. Keys typed into a
 * text field, or pressed with Ctrl, Meta or Alt, are left alone.
 */
import { useEffect, useRef } from 'react';
import { isTyping } from './inbox-filters.js';
import { type InboxKeyAction, inboxKeyAction } from './triage-keys.js';

/** Calls `onAction` with the action of each inbox key pressed. */
export function useInboxKeys(onAction: (action: InboxKeyAction) => void): void {
  // The latest handler, so the listener is added once.
  const handler = useRef(onAction);
  handler.current = onAction;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (isTyping(event.target) || event.metaKey || event.ctrlKey || event.altKey) return;
      // Enter on a link or a button is theirs.
      if (event.key === 'Enter' && event.target instanceof HTMLElement) {
        if (event.target.closest('a, button')) return;
      }
      const action = inboxKeyAction(event.key);
      if (!action) return;
      event.preventDefault();
      handler.current(action);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
