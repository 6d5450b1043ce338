/**
 * The zod input schema of every action the app declares, by action name — the same objects the
 * components pass to `usePageAction`. The benchmark hands them to other libraries (CopilotKit) so
 * that both sides describe the same actions from the same schemas.
 */
import type { z } from 'zod';
import { addWidgetInput, removeWidgetInput, updateWidgetInput } from './data/widget-spec.js';
import { statusInput } from './pages/issue-detail-page.js';
import { filterInput, pageInput, sortInput } from './pages/issues-page.js';
import { environmentInput, timeRangeInput } from './widgets/filter-bar.js';

/** Action name → its input schema. */
export const ACTION_INPUTS: Readonly<Record<string, z.ZodObject>> = {
  set_environment: environmentInput,
  set_time_range: timeRangeInput,
  add_widget: addWidgetInput,
  update_widget: updateWidgetInput,
  remove_widget: removeWidgetInput,
  sort_issues: sortInput,
  filter_issues: filterInput,
  go_to_page: pageInput,
  set_status: statusInput,
};
