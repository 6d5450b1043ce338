/**
 * Releases: a plain page that is deliberately NOT opted in to page context, so the agent sees it
 * only through the DOM fallback (text snapshot).
 */
import { releaseStats } from '../data/release-stats.js';
import { formatCount, formatPercent, formatTime } from '../format.js';

/** The page's title. */
const RELEASES_TITLE = 'Releases';

/** @returns the releases table, newest first. */
export function ReleasesPage() {
  const rows = releaseStats();
  return (
    <main className="page releases">
      <header className="page-header">
        <h1>{RELEASES_TITLE}</h1>
        <p className="subtitle">{rows.length} releases · newest first</p>
      </header>
      <table>
        <thead>
          <tr>
            <th scope="col">Version</th>
            <th scope="col">Deployed</th>
            <th scope="col">New issues</th>
            <th scope="col">Events</th>
            <th scope="col">Crash-free sessions</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.release.version}>
              <td>{row.release.version}</td>
              <td>{formatTime(row.release.deployedAt)}</td>
              <td className="num">{row.newIssues}</td>
              <td className="num">{formatCount(row.events)}</td>
              <td className="num">{formatPercent(row.crashFreeSessions)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </main>
  );
}
