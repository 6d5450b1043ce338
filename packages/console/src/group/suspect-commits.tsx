/**
 * What the repository's history says about the latest diagnosis: the regression window the report
 * named and the suspect commits (who last changed the suspect lines). Opted in as the
 * `suspect-commits` node.
 */
import type { DiagnosisHistory } from '@sightline/investigator';
import { usePageContext, withPageContext } from '@sightline/page-context/react';

function CommitId({ commit }: { commit: { shortId: string; url?: string } }) {
  return commit.url ? (
    <a href={commit.url} target="_blank" rel="noreferrer noopener">
      <code>{commit.shortId}</code>
    </a>
  ) : (
    <code>{commit.shortId}</code>
  );
}

function SuspectCommitsView({ history }: { history: DiagnosisHistory }) {
  const window = history.regressionWindow;
  const rows = history.suspectCommits.map((commit) => ({
    id: commit.shortId,
    subject: commit.subject,
    author: commit.author,
    date: commit.date.slice(0, 10),
    lines: commit.touches
      .map((touch) => `${touch.path}:${touch.lines[0]}-${touch.lines[1]} (${touch.changedLines})`)
      .join(', '),
    inWindow: commit.inWindow ?? false,
  }));
  usePageContext({
    regression: window?.summary ?? null,
    windowCommits: (window?.commitsTouchingSuspects ?? [])
      .slice(0, 3)
      .map((commit) => ({ id: commit.shortId, subject: commit.subject, files: commit.files })),
    commits: rows.slice(0, 3),
  });
  return (
    <section className="panel" aria-labelledby="suspect-commits-heading">
      <h2 id="suspect-commits-heading">Suspect commits</h2>
      {window ? (
        <>
          {/* The summary, not "Regressed": a report naming only the failing version claims none. */}
          <p>
            <strong>Regression window:</strong> {window.summary} ({window.commitCount}
            {window.cut ? '+' : ''} commit{window.commitCount === 1 ? '' : 's'},{' '}
            {window.filesChanged} file{window.filesChanged === 1 ? '' : 's'}; read from “
            {window.evidence.join('”; “')}”).
          </p>
          {window.commitsTouchingSuspects.length === 0 ? (
            <p className="muted">No commit in the window touches the suspects.</p>
          ) : (
            <>
              <p>Commits in the window that touch the suspects:</p>
              <ul>
                {window.commitsTouchingSuspects.map((commit) => (
                  <li key={commit.id}>
                    <CommitId commit={commit} /> {commit.subject} ({commit.author},{' '}
                    {commit.date.slice(0, 10)}): {commit.files.join(', ')}
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      ) : null}
      {rows.length === 0 ? (
        <p className="muted">No commit last changed the suspect lines within the history read.</p>
      ) : (
        <table className="suspects">
          <thead>
            <tr>
              <th scope="col">Commit</th>
              <th scope="col">Subject</th>
              <th scope="col">Author</th>
              <th scope="col">Date</th>
              <th scope="col">Suspect lines it last changed</th>
            </tr>
          </thead>
          <tbody>
            {history.suspectCommits.map((commit, index) => (
              <tr key={commit.id}>
                <td>
                  <CommitId commit={commit} />
                </td>
                <td>
                  {commit.subject}
                  {commit.inWindow ? <span className="muted"> (in the window)</span> : null}
                </td>
                <td>{commit.author}</td>
                <td>{rows[index]?.date}</td>
                <td className="why">{rows[index]?.lines}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {history.notes.length > 0 ? <p className="muted">{history.notes.join(' ')}</p> : null}
    </section>
  );
}

/** The suspect commits and regression window of a diagnosis. */
export const SuspectCommits = withPageContext('suspect-commits', SuspectCommitsView, {
  id: () => 'suspect-commits',
  priority: 5,
});
