/**
 * The latest diagnosis: root cause with confidence, verification, complexity and risk, affected
 * files with their quoted lines (Shiki), the proposed change as a diff. Opted in as the
 * `diagnosis` node: the root cause and locations upfront, the explanation and patch on demand.
 */
import { usePageContext, withPageContext } from '@sightline/page-context/react';
import type { DiagnosisView } from '../api/types.js';
import { Badge } from '../ui/badge.js';
import { CodeBlock } from '../ui/code-block.js';
import { DiffView } from '../ui/diff-view.js';
import { duration, fullTime, location, percent, timeAgo } from '../ui/format.js';

function DiagnosisPanelView({ view }: { view: DiagnosisView }) {
  const { diagnosis } = view;
  const verification = diagnosis.verification;
  usePageContext(
    {
      version: view.version,
      method: view.method,
      model: view.model ?? 'none (offline)',
      rootCause: diagnosis.rootCause.summary,
      confidence: percent(diagnosis.rootCause.confidence),
      verified: verification?.verified ?? false,
      affectedFiles: diagnosis.affectedFiles.map((file) => `${location(file)} (${file.role})`),
      complexity: diagnosis.complexity,
      risk: diagnosis.risk,
      proposedChange: diagnosis.proposedChange?.description ?? 'none',
    },
    {
      details: () => ({
        explanation: diagnosis.rootCause.explanation,
        riskRationale: diagnosis.riskRationale,
        patch: diagnosis.proposedChange?.patch ?? null,
        verificationReasons: verification?.reasons ?? [],
      }),
    },
  );
  return (
    <section className="panel diagnosis" aria-labelledby="diagnosis-heading">
      <h2 id="diagnosis-heading">
        Diagnosis <span className="muted">v{view.version}</span>
      </h2>
      <dl className="facts">
        <dt>Confidence</dt>
        <dd>{percent(diagnosis.rootCause.confidence)}</dd>
        <dt>Verification</dt>
        <dd>
          {verification?.verified ? (
            <Badge kind="verified">verified</Badge>
          ) : (
            <Badge kind="unverified">not verified</Badge>
          )}
        </dd>
        <dt>Complexity</dt>
        <dd>
          <Badge kind={diagnosis.complexity}>{diagnosis.complexity}</Badge>
        </dd>
        <dt>Risk</dt>
        <dd>
          <Badge kind={diagnosis.risk}>{diagnosis.risk}</Badge>
        </dd>
        <dt>Method</dt>
        <dd>
          {view.method === 'agent' ? `model ${view.model ?? ''}` : 'offline (no model)'} ·{' '}
          {duration(view.durationMs)} ·{' '}
          <span title={fullTime(view.createdAt)}>{timeAgo(view.createdAt)}</span>
        </dd>
      </dl>
      <h3>Root cause</h3>
      <p className="root-cause">{diagnosis.rootCause.summary}</p>
      <p className="explanation">{diagnosis.rootCause.explanation}</p>
      {verification && !verification.verified && verification.reasons.length > 0 ? (
        <ul className="reasons">
          {verification.reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      ) : null}
      <p className="muted">Risk: {diagnosis.riskRationale}</p>
      <h3>Affected files</h3>
      {diagnosis.affectedFiles.length === 0 ? (
        <p className="muted">None identified; see the suspects below.</p>
      ) : (
        diagnosis.affectedFiles.map((file) => (
          <article key={location(file)} className="affected-file">
            <h4>
              <code>{location(file)}</code>
              {file.symbol ? <span className="muted"> · {file.symbol}</span> : null}{' '}
              <Badge kind={file.role}>{file.role}</Badge>
            </h4>
            {file.evidence.map((evidence) => (
              <CodeBlock
                key={`${evidence.path}:${evidence.line}`}
                code={evidence.quote}
                path={evidence.path}
                firstLine={evidence.line}
                marked={evidence.path === file.path ? file.lines : undefined}
              />
            ))}
          </article>
        ))
      )}
      <h3>Proposed change</h3>
      {diagnosis.proposedChange ? (
        <>
          <p>{diagnosis.proposedChange.description}</p>
          {diagnosis.proposedChange.patch ? (
            <DiffView patch={diagnosis.proposedChange.patch} />
          ) : null}
        </>
      ) : (
        <p className="muted">
          {view.method === 'offline'
            ? 'None: offline diagnoses locate the bug; configure a model (sightline serve --model …) and re-investigate for a fix.'
            : 'None proposed.'}
        </p>
      )}
    </section>
  );
}

/** The diagnosis panel. */
export const DiagnosisPanel = withPageContext('diagnosis', DiagnosisPanelView, {
  id: ({ view }) => `diagnosis-v${view.version}`,
  priority: 9,
});
