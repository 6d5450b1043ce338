// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../api/client.js';
import { groupSummary } from '../api/groups.test-helper.js';
import type { GroupDetail } from '../api/types.js';
import { never, sent } from '../ui/double-submit.test-helper.js';
import { GroupHeader } from './group-header.js';
import { MergedGroups } from './merged-groups.js';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const show = (children: ReactNode) =>
  render(<QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>);

const group = groupSummary({
  latestDiagnosisVersion: 1,
  investigation: { state: 'failed', reason: 'git timed out', attempts: 3 },
});

const header = () =>
  show(<GroupHeader group={group} projectName="shop" hasDiagnosis={true} inboxFilters={{}} />);

describe('group page actions send one request while one is pending', () => {
  it('re-investigates once on a double click', async () => {
    const reinvestigate = vi.spyOn(api, 'reinvestigate').mockImplementation(never);
    header();
    const button = screen.getByRole('button', { name: 'Re-investigate' });
    fireEvent.click(button);
    fireEvent.click(button);
    await sent(reinvestigate);
    expect(reinvestigate).toHaveBeenCalledTimes(1);
  });

  it('retries a failed investigation once on a double click', async () => {
    const retry = vi.spyOn(api, 'retry').mockImplementation(never);
    header();
    const button = screen.getByRole('button', { name: 'Retry' });
    fireEvent.click(button);
    fireEvent.click(button);
    await sent(retry);
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('assigns once when the assignee form is submitted twice', async () => {
    const triage = vi.spyOn(api, 'triageGroup').mockImplementation(never);
    header();
    fireEvent.change(screen.getByPlaceholderText('unassigned'), { target: { value: 'ana' } });
    const form = screen.getByRole('button', { name: 'Assign' }).closest('form') as HTMLFormElement;
    fireEvent.submit(form);
    fireEvent.submit(form);
    await sent(triage);
    expect(triage).toHaveBeenCalledTimes(1);
  });

  it('unmerges once on a double click', async () => {
    const unmerge = vi.spyOn(api, 'unmerge').mockImplementation(never);
    const detail = { group, merged: [{ ...group, id: 'g2', title: 'Other', mergedInto: 'g1' }] };
    show(<MergedGroups detail={detail as unknown as GroupDetail} />);
    const button = screen.getByRole('button', { name: 'Unmerge Other' });
    fireEvent.click(button);
    fireEvent.click(button);
    await sent(unmerge);
    expect(unmerge).toHaveBeenCalledTimes(1);
  });
});
