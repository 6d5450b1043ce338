// A generic component opted in (withPageContext keeps <TData>) with a zod-typed page action: the
// input schema comes from the app's own zod, the one page-context shares as a peer (TS2739 when not).
// Its child FilterChip is not wrapped: its hooks add to the toolbar's node.
import { usePageAction, usePageContext, withPageContext } from '@sightline/page-context/react';
import { useState } from 'react';
import { z } from 'zod';

const filterInput = z.object({ column: z.string(), value: z.string().max(100) });
const clearInput = z.object({});

interface DataTableToolbarProps<TData> {
  rows: TData[];
  columns: (keyof TData & string)[];
}

function FilterChip({ filter, onClear }: { filter?: string; onClear: () => void }) {
  usePageContext({ filter: filter ?? 'none' });
  usePageAction('clear_filter', {
    description: 'Clear the filter',
    input: clearInput,
    handler: onClear,
  });
  return <span>{filter ?? 'no filter'}</span>;
}

function DataTableToolbar<TData>({ rows, columns }: DataTableToolbarProps<TData>) {
  const [filter, setFilter] = useState<{ column: string; value: string } | undefined>();
  usePageContext({ rows: rows.length, columns, edition: 1 });
  usePageAction('filter', {
    description: 'Filter the table by one column',
    input: filterInput,
    handler: ({ column, value }) => {
      setFilter({ column, value });
      return { filtered: column };
    },
  });
  return (
    <p>
      {`${rows.length} rows `}
      <FilterChip
        {...(filter ? { filter: `${filter.column} = ${filter.value}` } : {})}
        onClear={() => setFilter(undefined)}
      />
    </p>
  );
}

export const Toolbar = withPageContext('toolbar', DataTableToolbar);
