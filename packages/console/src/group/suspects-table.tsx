/**
 * The offline localizer's ranking, one suspect a line: where, and why in one sentence ("named in
 * the stack trace", "the report mentions `commandList`"); the localizer's own notes and scores in
 * a detail view. Opted in as the `suspects` node (nothing upfront — the diagnosis names the cause —; every suspect with its sentence and scores through `expand_node`).
 */
import type { Suspect } from '@sightline/investigator';
import { usePageContext, withPageContext } from '@sightline/page-context/react';
import { location } from '../ui/format.js';
import { ProseText } from '../ui/prose-text.js';
import { suspectSentence } from './suspect-sentence.js';

function SuspectsTableView({ suspects }: { suspects: Suspect[] }) {
  const rows = suspects.map((suspect) => ({
    at: location(suspect),
    symbol: suspect.symbol ?? '',
    why: suspectSentence(suspect.evidence),
  }));
  usePageContext(
    {},
    {
      details: () => ({
        count: suspects.length,
        rows: suspects.map((suspect, index) => ({
          ...rows[index],
          score: Number(suspect.score.toFixed(3)),
          signals: suspect.evidence.join('; '),
        })),
      }),
    },
  );
  return (
    <section className="panel" aria-labelledby="suspects-heading">
      <h2 id="suspects-heading">Suspects</h2>
      {suspects.length === 0 ? (
        <p className="muted">
          The localizer found no suspect (no in-app frame or identifier matched).
        </p>
      ) : (
        <>
          <ol className="suspects">
            {rows.map((row) => (
              <li key={row.at}>
                <code>{row.at}</code>
                {row.symbol ? <span className="muted"> · {row.symbol}</span> : null}
                <span className="why">
                  <ProseText text={row.why} />
                </span>
              </li>
            ))}
          </ol>
          <details className="signals">
            <summary>Signals and scores</summary>
            <table className="suspect-signals">
              <thead>
                <tr>
                  <th scope="col">Location</th>
                  <th scope="col" className="number">
                    Score
                  </th>
                  <th scope="col">The localizer's notes</th>
                </tr>
              </thead>
              <tbody>
                {suspects.map((suspect, index) => (
                  <tr key={rows[index]?.at}>
                    <td>
                      <code>{rows[index]?.at}</code>
                    </td>
                    <td className="number">{suspect.score.toFixed(3)}</td>
                    <td>
                      <ul>
                        {suspect.evidence.map((note) => (
                          <li key={note}>{note}</li>
                        ))}
                      </ul>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        </>
      )}
    </section>
  );
}

/** The suspects list. */
export const SuspectsTable = withPageContext('suspects', SuspectsTableView, {
  id: () => 'suspects',
  priority: 6,
});
