/**
 * Keyboard navigation of a list, as in mail and issue inboxes: `j`/`k` (or the arrow keys) move
 * the selection, `Enter` or `o` opens the selected row. Keys typed into a text field are left
 * alone.
 */
import { useEffect, useState } from 'react';
import { isTyping } from './inbox-filters.js';

/**
 * @param count - rows in the list.
 * @param open - called with the selected row's index.
 * @returns the selected index (-1: none yet) and a setter (for clicks and hovers).
 */
export function useRowNavigation(count: number, open: (index: number) => void) {
  const [selected, setSelected] = useState(-1);
  useEffect(() => {
    if (selected >= count) setSelected(count - 1);
  }, [count, selected]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (isTyping(event.target) || event.metaKey || event.ctrlKey || event.altKey) return;
      if (event.key === 'j' || event.key === 'ArrowDown') {
        event.preventDefault();
        setSelected((index) => Math.min(index + 1, count - 1));
      } else if (event.key === 'k' || event.key === 'ArrowUp') {
        event.preventDefault();
        setSelected((index) => Math.max(index - 1, 0));
      } else if ((event.key === 'Enter' || event.key === 'o') && selected >= 0) {
        event.preventDefault();
        open(selected);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [count, selected, open]);
  return [selected, setSelected] as const;
}
