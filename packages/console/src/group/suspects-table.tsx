/**
 * The offline localizer's ranking: file, lines, symbol, score and why. Opted in as the `suspects`
 * node (the top five upfront, all through `expand_node`).
 */
import type { Suspect } from '@sightline/investigator';
import { usePageContext, withPageContext } from '@sightline/page-context/react';
import { location } from './diagnosis-panel.js';

const UPFRONT = 5;

function SuspectsTableView({ suspects }: { suspects: Suspect[] }) {
  const rows = suspects.map((suspect) => ({
    at: location(suspect),
    symbol: suspect.symbol ?? '',
    score: Number(suspect.score.toFixed(3)),
    why: suspect.evidence.join('; '),
  }));
  usePageContext(
    { count: suspects.length, top: rows.slice(0, UPFRONT) },
    { details: () => ({ rows }) },
  );
  return (
    <section className="panel" aria-labelledby="suspects-heading">
      <h2 id="suspects-heading">Suspects</h2>
      {suspects.length === 0 ? (
        <p className="muted">
          The localizer found no suspect (no in-app frame or identifier matched).
        </p>
      ) : (
        <table className="suspects">
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">Location</th>
              <th scope="col">Symbol</th>
              <th scope="col" className="number">
                Score
              </th>
              <th scope="col">Why</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={row.at}>
                <td>{index + 1}</td>
                <td>
                  <code>{row.at}</code>
                </td>
                <td>{row.symbol}</td>
                <td className="number">{row.score}</td>
                <td className="why">{row.why}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** The suspects table. */
export const SuspectsTable = withPageContext('suspects', SuspectsTableView, {
  id: () => 'suspects',
  priority: 6,
});
