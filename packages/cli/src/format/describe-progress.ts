/**
 * Progress lines of an investigation, shared by `sightline investigate` (stderr) and the MCP
 * server's investigate tool (progress notifications).
 */
import type { InvestigateProgress } from '@sightline/investigator';
import { describeCompaction } from './describe-compaction.js';

/**
 * One progress line for an investigation event, as the CLI shows it (the MCP server sends the
 * same lines as progress notifications).
 * @param event - a progress event of `investigate`.
 * @returns the line, or `undefined` for events not worth a line (index progress of small repos).
 */
export function describeProgress(event: InvestigateProgress): string | undefined {
  switch (event.type) {
    case 'stage-start':
      return {
        parse: 'Reading the report',
        index: 'Indexing the repository',
        localize: 'Ranking suspect files',
        agent: 'Investigating with the model',
        verify: 'Verifying the diagnosis against the repository',
      }[event.stage];
    case 'index-progress':
      return event.total >= 200
        ? `Indexing the repository (${event.done}/${event.total} files)`
        : undefined;
    case 'phase-change':
      return `Phase: ${event.phase}`;
    case 'step':
      return `${event.phase}: step ${event.step}`;
    case 'tool-call':
      return `tool call ${event.name}(${event.input})`;
    case 'tokens':
      return `tokens so far: ${event.input} in, ${event.output} out`;
    case 'compaction':
      return describeCompaction(event.event);
  }
}
