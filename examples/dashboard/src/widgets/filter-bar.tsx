/**
 * The dashboard's filters (environment, time range). Opted in as a `filters` node whose actions
 * let the agent change them: `set_environment` and `set_time_range`.
 */
import { usePageAction, usePageContext, withPageContext } from '@sightline/page-context/react';
import { z } from 'zod';
import {
  ENVIRONMENTS,
  type Environment,
  type Filters,
  TIME_RANGE_KEYS,
  TIME_RANGES,
  type TimeRange,
} from '../data/filters.js';

/** Props of {@link FilterBar}. */
export interface FilterBarProps {
  filters: Filters;
  /** Applies new filters (the page puts them in the URL). */
  onChange: (filters: Filters) => void;
}

/** Input of `set_environment`. */
export const environmentInput = z.object({ environment: z.enum(ENVIRONMENTS) });
/** Input of `set_time_range`. */
export const timeRangeInput = z.object({ timeRange: z.enum(TIME_RANGE_KEYS) });
const timeRangeChoices = TIME_RANGE_KEYS.map((key) => `${key}: ${TIME_RANGES[key].label}`).join(
  ', ',
);

function FilterBarView({ filters, onChange }: FilterBarProps) {
  usePageContext({
    environment: filters.environment,
    timeRange: TIME_RANGES[filters.timeRange].label,
  });
  usePageAction('set_environment', {
    description: 'Show the dashboard for another environment.',
    input: environmentInput,
    handler: ({ environment }: { environment: Environment }) => {
      onChange({ ...filters, environment });
      return { environment };
    },
  });
  usePageAction('set_time_range', {
    description: `Change the time range (${timeRangeChoices}).`,
    input: timeRangeInput,
    handler: ({ timeRange }: { timeRange: TimeRange }) => {
      onChange({ ...filters, timeRange });
      return { timeRange: TIME_RANGES[timeRange].label };
    },
  });
  return (
    <div className="filter-bar">
      <fieldset className="segmented">
        <legend>Time range</legend>
        {TIME_RANGE_KEYS.map((key) => (
          <button
            key={key}
            type="button"
            aria-pressed={filters.timeRange === key}
            onClick={() => onChange({ ...filters, timeRange: key })}
          >
            {TIME_RANGES[key].label}
          </button>
        ))}
      </fieldset>
      <label>
        Environment{' '}
        <select
          value={filters.environment}
          onChange={(event) =>
            onChange({ ...filters, environment: event.target.value as Environment })
          }
        >
          {ENVIRONMENTS.map((env) => (
            <option key={env} value={env}>
              {env}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

/** Environment and time-range controls, opted in with their actions. */
export const FilterBar = withPageContext('filters', FilterBarView, {
  priority: 10,
  id: () => 'filters',
});
