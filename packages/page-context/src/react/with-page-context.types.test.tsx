// @vitest-environment jsdom
// Type test: `withPageContext` keeps a component's generic parameters. `npx tsc` checks this file
// (a lost generic is TS2322 at `<Toolbar<Issue> … />`); the test renders it too.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, expectTypeOf, it } from 'vitest';
import { PageContextProvider } from './page-context-provider.js';
import { usePageContext } from './use-page-context.js';
import { withPageContext } from './with-page-context.js';

afterEach(cleanup);

interface DataTableToolbarProps<TData> {
  rows: TData[];
  column: keyof TData & string;
  onPick?: (row: TData) => void;
}

function DataTableToolbar<TData>({ rows, column }: DataTableToolbarProps<TData>) {
  usePageContext({ rows: rows.length, column });
  return <p>{`${rows.length} rows by ${column}`}</p>;
}

interface Issue {
  id: string;
  level: 'error' | 'fatal';
}

const Toolbar = withPageContext('toolbar', DataTableToolbar);

describe('withPageContext types', () => {
  it('keeps generic parameters: DataTableToolbar<TData>', () => {
    expectTypeOf(Toolbar).toEqualTypeOf(DataTableToolbar);
    const rows: Issue[] = [{ id: 'SL-1', level: 'fatal' }];
    render(
      <PageContextProvider>
        <Toolbar<Issue> rows={rows} column="level" onPick={(row) => row.level} />
      </PageContextProvider>,
    );
    // @ts-expect-error `title` is not a key of Issue: the generic still constrains the props.
    const wrong = <Toolbar<Issue> rows={rows} column="title" />;
    expect(wrong).toBeDefined();
    expect(screen.getByText('1 rows by level')).toBeDefined();
  });
});
