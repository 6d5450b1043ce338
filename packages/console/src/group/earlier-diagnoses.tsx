/** Earlier versions of a group's diagnosis, newest first: what was concluded, where, and when. */
import type { DiagnosisView } from '../api/types.js';
import { fullTime, location, percent, timeAgo } from '../ui/format.js';

/** The list, or nothing when there is only one version. */
export function EarlierDiagnoses({ diagnoses }: { diagnoses: DiagnosisView[] }) {
  if (diagnoses.length === 0) return null;
  return (
    <section className="panel" aria-labelledby="earlier-heading">
      <h2 id="earlier-heading">Earlier diagnoses</h2>
      <ul className="earlier">
        {diagnoses.map((view) => {
          const { diagnosis } = view;
          const first = diagnosis.affectedFiles[0];
          return (
            <li key={view.version}>
              <span className="muted">
                v{view.version} · {view.method} ·{' '}
                <span title={fullTime(view.createdAt)}>{timeAgo(view.createdAt)}</span> ·{' '}
                {percent(diagnosis.rootCause.confidence)}
              </span>{' '}
              {diagnosis.rootCause.summary}
              {first ? (
                <>
                  {' '}
                  <code>{location(first)}</code>
                </>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
