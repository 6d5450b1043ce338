/**
 * A proposed change (unified diff) rendered as a diff: parsed by jsdiff's `parsePatch`, one table
 * per file with old and new line numbers, added and removed lines marked. A patch jsdiff cannot
 * parse is shown as text.
 */
import { parsePatch } from 'diff';

/** One rendered line of a hunk. */
interface DiffRow {
  kind: 'add' | 'remove' | 'context';
  oldLine?: number;
  newLine?: number;
  text: string;
}

/** Rows of one hunk with their line numbers. */
function hunkRows(hunk: { oldStart: number; newStart: number; lines: string[] }): DiffRow[] {
  let oldLine = hunk.oldStart;
  let newLine = hunk.newStart;
  const rows: DiffRow[] = [];
  for (const line of hunk.lines) {
    const text = line.slice(1);
    if (line.startsWith('+')) rows.push({ kind: 'add', newLine: newLine++, text });
    else if (line.startsWith('-')) rows.push({ kind: 'remove', oldLine: oldLine++, text });
    else if (!line.startsWith('\\')) {
      rows.push({ kind: 'context', oldLine: oldLine++, newLine: newLine++, text });
    }
  }
  return rows;
}

const SIGN = { add: '+', remove: '−', context: ' ' } as const;

/** The patch as diff tables. */
export function DiffView({ patch }: { patch: string }) {
  let files: ReturnType<typeof parsePatch>;
  try {
    files = parsePatch(patch);
  } catch {
    return <pre className="code">{patch}</pre>;
  }
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable
    <div className="diff" tabIndex={0}>
      {files.map((file) => (
        <table key={`${file.oldFileName}→${file.newFileName}`} className="diff-file">
          <caption>{(file.newFileName ?? file.oldFileName ?? '').replace(/^[ab]\//, '')}</caption>
          <tbody>
            {file.hunks.flatMap((hunk) => [
              <tr key={`h${hunk.oldStart}`} className="diff-hunk">
                <td colSpan={3}>
                  @@ −{hunk.oldStart},{hunk.oldLines} +{hunk.newStart},{hunk.newLines} @@
                </td>
              </tr>,
              ...hunkRows(hunk).map((row) => (
                <tr
                  key={`${hunk.oldStart}:${row.oldLine ?? ''}:${row.newLine ?? ''}`}
                  className={`diff-${row.kind}`}
                >
                  <td className="line-number">{row.oldLine ?? ''}</td>
                  <td className="line-number">{row.newLine ?? ''}</td>
                  <td>
                    <span aria-hidden="true">{SIGN[row.kind]} </span>
                    {row.text}
                  </td>
                </tr>
              )),
            ])}
          </tbody>
        </table>
      ))}
    </div>
  );
}
