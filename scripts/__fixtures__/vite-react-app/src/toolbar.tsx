// A generic component opted in (withPageContext keeps <TData>) with a zod-typed page action: the
// input schema comes from the app's own zod, the one page-context shares as a peer (TS2739 when not).
import { usePageAction, usePageContext, withPageContext } from '@sightline/page-context/react';
import { useState } from 'react';
import { z } from 'zod';

const filterInput = z.object({ column: z.string(), value: z.string().max(100) });

interface DataTableToolbarProps<TData> {
  rows: TData[];
  columns: (keyof TData & string)[];
}

function DataTableToolbar<TData>({ rows, columns }: DataTableToolbarProps<TData>) {
  const [filter, setFilter] = useState<{ column: string; value: string } | undefined>();
  usePageContext({ rows: rows.length, columns, filter });
  usePageAction('filter', {
    description: 'Filter the table by one column',
    input: filterInput,
    handler: ({ column, value }) => {
      setFilter({ column, value });
      return { filtered: column };
    },
  });
  return <p>{`${rows.length} rows${filter ? `, ${filter.column} = ${filter.value}` : ''}`}</p>;
}

export const Toolbar = withPageContext('toolbar', DataTableToolbar);
