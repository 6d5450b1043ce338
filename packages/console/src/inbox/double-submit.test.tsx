// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '../api/client.js';
import { inboxRow } from '../api/groups.test-helper.js';
import type { SavedViewView } from '../api/types.js';
import { never, sent } from '../ui/double-submit.test-helper.js';
import { InboxPage } from './inbox-page.js';
import { SavedViews } from './saved-views.js';
import { clearChecked, focusRow, toggleChecked, updateTriage } from './triage-session.js';

const row = (id: string, title: string) => inboxRow({ id, title });

const view: SavedViewView = {
  id: 'v1',
  name: 'crashes',
  filters: { label: 'crash' },
  sort: 'newest',
  createdAt: '2026-12-01T10:00:00.000Z',
};

// The focused row scrolls into view; jsdom lays nothing out and has no scrollIntoView.
Element.prototype.scrollIntoView ??= () => {};

beforeEach(() => {
  const groups = [row('g1', 'First bug'), row('g2', 'Second bug')];
  vi.spyOn(api, 'inbox').mockResolvedValue({ groups, total: 2, nextCursor: null });
  vi.spyOn(api, 'projects').mockResolvedValue({ projects: [] });
  vi.spyOn(api, 'assignees').mockResolvedValue({ assignees: [] });
  vi.spyOn(api, 'views').mockResolvedValue({ views: [view] });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  updateTriage((state) => clearChecked({ ...state, focused: null }));
});

const show = (children: ReactNode) =>
  render(<QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>);

describe('inbox actions send one request while one is pending', () => {
  it('assigns once when the triage bar is submitted twice', async () => {
    const triage = vi.spyOn(api, 'triage').mockImplementation(never);
    show(<InboxPage filters={{}} />);
    await screen.findByText('First bug');
    act(() => updateTriage((state) => focusRow(state, 'g1')));
    fireEvent.change(screen.getByPlaceholderText('name; empty: unassign'), {
      target: { value: 'ana' },
    });
    const form = screen.getByRole('button', { name: 'Assign' }).closest('form') as HTMLFormElement;
    fireEvent.submit(form);
    fireEvent.submit(form);
    await sent(triage);
    expect(triage).toHaveBeenCalledTimes(1);
  });

  it('merges once on a double click, and undoes the merge once', async () => {
    const merge = vi.spyOn(api, 'merge').mockResolvedValue(row('g1', 'First bug'));
    const unmerge = vi.spyOn(api, 'unmerge').mockImplementation(never);
    show(<InboxPage filters={{}} />);
    await screen.findByText('First bug');
    act(() => updateTriage((state) => toggleChecked(toggleChecked(state, 'g1'), 'g2')));
    const mergeButton = screen.getByRole('button', { name: 'Merge 2 groups' });
    fireEvent.click(mergeButton);
    fireEvent.click(mergeButton);
    await sent(merge);
    expect(merge).toHaveBeenCalledTimes(1);
    const undo = await screen.findByRole('button', { name: 'Undo merge' });
    fireEvent.click(undo);
    fireEvent.click(undo);
    await sent(unmerge);
    expect(unmerge).toHaveBeenCalledTimes(1);
  });

  it('saves a view once when its form is submitted twice', async () => {
    const create = vi.spyOn(api, 'createView').mockImplementation(never);
    show(<SavedViews filters={{ label: 'bug' }} />);
    fireEvent.change(screen.getByLabelText('Save these filters as'), {
      target: { value: 'bugs' },
    });
    const form = screen
      .getByRole('button', { name: 'Save view' })
      .closest('form') as HTMLFormElement;
    fireEvent.submit(form);
    fireEvent.submit(form);
    await sent(create);
    expect(create).toHaveBeenCalledTimes(1);
  });

  it('deletes a saved view once on a double click', async () => {
    const remove = vi.spyOn(api, 'deleteView').mockImplementation(never);
    show(<SavedViews filters={{}} />);
    const button = await screen.findByRole('button', { name: 'Delete saved view crashes' });
    fireEvent.click(button);
    fireEvent.click(button);
    await sent(remove);
    expect(remove).toHaveBeenCalledTimes(1);
  });
});

describe('a merge or its undo that stops part-way', () => {
  const threeChecked = async () => {
    vi.spyOn(api, 'inbox').mockResolvedValue({
      groups: [row('g1', 'First bug'), row('g2', 'Second bug'), row('g3', 'Third bug')],
      total: 3,
      nextCursor: null,
    });
    show(<InboxPage filters={{}} />);
    await screen.findByText('Third bug');
    act(() =>
      updateTriage((state) => toggleChecked(toggleChecked(toggleChecked(state, 'g1'), 'g2'), 'g3')),
    );
  };
  const refused = () =>
    Promise.reject(new ApiError(500, 'STORE_UNAVAILABLE', 'The store is busy.'));

  it('offers to undo what was merged before the refusal', async () => {
    // g2 joined g1, then g3's merge was refused: the notice said only the error and there was no
    // Undo, though g2 was merged away.
    vi.spyOn(api, 'merge')
      .mockResolvedValueOnce(row('g1', 'First bug'))
      .mockImplementationOnce(refused);
    const unmerge = vi.spyOn(api, 'unmerge').mockImplementation(never);
    await threeChecked();
    fireEvent.click(screen.getByRole('button', { name: 'Merge 3 groups' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Undo merge' }));
    await sent(unmerge);
    expect(unmerge.mock.calls).toEqual([['g2']]);
  });

  it('undoes the rest on the next Undo, not the groups already unmerged', async () => {
    // The list of merged groups was kept whole: the next Undo asked to unmerge g2 again, which
    // the service refuses (not merged), so g3 could never be unmerged from the inbox.
    vi.spyOn(api, 'merge').mockResolvedValue(row('g1', 'First bug'));
    const unmerge = vi
      .spyOn(api, 'unmerge')
      .mockResolvedValueOnce(row('g2', 'Second bug'))
      .mockImplementationOnce(refused)
      .mockImplementation(never);
    await threeChecked();
    fireEvent.click(screen.getByRole('button', { name: 'Merge 3 groups' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Undo merge' }));
    await screen.findByText('The store is busy.');
    fireEvent.click(screen.getByRole('button', { name: 'Undo merge' }));
    await vi.waitFor(() => expect(unmerge).toHaveBeenCalledTimes(3));
    expect(unmerge.mock.calls).toEqual([['g2'], ['g3'], ['g3']]);
  });
});
