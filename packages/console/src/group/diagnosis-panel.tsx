/**
 * The latest diagnosis: root cause with its confidence and whether it is grounded in the code (in
 * words), complexity and risk, affected files with each quote shown in ±5 lines of its file and
 * the quoted lines marked (Shiki), the proposed change as a diff. Opted in as the
 * `diagnosis` node: the root cause and locations upfront, the explanation and patch on demand.
 */
import { confidenceWords } from '@sightline/investigator/trust-words';
import { userContent } from '@sightline/page-context';
import { usePageContext, withPageContext } from '@sightline/page-context/react';
import { diagnosisOutcome } from '@sightline/service/vocabulary';
import type { DiagnosisView } from '../api/types.js';
import { Badge } from '../ui/badge.js';
import { CodeBlock } from '../ui/code-block.js';
import { CodeContext } from '../ui/code-context.js';
import { DiffView } from '../ui/diff-view.js';
import { duration, fullTime, location, timeAgo } from '../ui/format.js';
import { ProseText } from '../ui/prose-text.js';
import { verificationWords } from './trust-words.js';

/** Props of {@link DiagnosisPanel}. */
export interface DiagnosisPanelProps {
  view: DiagnosisView;
  /** The group's project (its repository shows the code around each quote). */
  project: string;
}

function DiagnosisPanelView({ view, project }: DiagnosisPanelProps) {
  const { diagnosis } = view;
  const verification = diagnosis.verification;
  const outcome = diagnosisOutcome(diagnosis);
  const grounded = verificationWords(outcome);
  const cause =
    diagnosis.affectedFiles.find((file) => file.role === 'cause') ?? diagnosis.affectedFiles[0];
  usePageContext(
    {
      // Drawn from the report's text (an offline diagnosis quotes its message): data, never orders.
      rootCause: userContent(diagnosis.rootCause.summary),
      confidence: `${confidenceWords(diagnosis.rootCause.confidence)}; ${grounded.title.toLowerCase()}`,
      cause: cause ? location(cause) : 'none named',
    },
    {
      details: () => ({
        version: view.version,
        method: view.method,
        model: view.model ?? 'none (offline)',
        affectedFiles: diagnosis.affectedFiles.map((file) => `${location(file)} (${file.role})`),
        complexity: diagnosis.complexity,
        risk: diagnosis.risk,
        proposedChange: diagnosis.proposedChange?.description ?? 'none',
        explanation: userContent(diagnosis.rootCause.explanation),
        riskRationale: diagnosis.riskRationale,
        patch: diagnosis.proposedChange?.patch ?? null,
        verificationReasons: verification?.reasons ?? [],
        warnings: diagnosis.warnings ?? [],
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
        <dd>{confidenceWords(diagnosis.rootCause.confidence)}</dd>
        <dt>Evidence</dt>
        <dd>
          <span className={outcome === 'verified' ? 'grounded' : 'ungrounded'}>
            {grounded.title}
          </span>
          <span className="muted"> — {grounded.sentence}</span>
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
      {diagnosis.warnings?.length ? (
        <ul className="reasons" aria-label="What limited the investigation">
          {diagnosis.warnings.map((warning) => (
            <li key={warning}>
              <ProseText text={warning} />
            </li>
          ))}
        </ul>
      ) : null}
      <h3>Root cause</h3>
      <p className="root-cause">
        <ProseText text={diagnosis.rootCause.summary} />
      </p>
      <p className="explanation">
        <ProseText text={diagnosis.rootCause.explanation} />
      </p>
      {verification && !verification.verified && verification.reasons.length > 0 ? (
        <ul className="reasons">
          {verification.reasons.map((reason) => (
            <li key={reason}>
              <ProseText text={reason} />
            </li>
          ))}
        </ul>
      ) : null}
      <p className="muted">
        Risk: <ProseText text={diagnosis.riskRationale} />
      </p>
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
            {file.evidence.map((evidence) => {
              const quoted = evidence.quote.replace(/\n$/, '').split('\n').length;
              const marked: [number, number] = [evidence.line, evidence.line + quoted - 1];
              return (
                <CodeContext
                  key={`${evidence.path}:${evidence.line}`}
                  project={project}
                  path={evidence.path}
                  line={evidence.line}
                  marked={marked}
                  fallback={
                    <CodeBlock
                      code={evidence.quote}
                      path={evidence.path}
                      firstLine={evidence.line}
                      marked={marked}
                    />
                  }
                />
              );
            })}
          </article>
        ))
      )}
      <h3>Proposed change</h3>
      {diagnosis.proposedChange ? (
        <>
          <p>
            <ProseText text={diagnosis.proposedChange.description} />
          </p>
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
  id: () => 'diagnosis',
  priority: 9,
});
