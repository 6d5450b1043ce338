/**
 * The setup the scripted-model tests of the agent share: an investigating model and a structurer,
 * each answering from its script, run through `investigateWithModel` on a test repository.
 */
import type { Repository } from '@sightline/codebase';
import { createScriptedModel, type ScriptedResponse } from '@sightline/core/testing';
import type { Report } from '@sightline/intake';
import type { DiagnosisLabel } from '../../diagnosis/schema.js';
import { type InvestigateWithModelOptions, investigateWithModel } from '../run-agent.js';

/** A repository with its report, as the fixtures build them. */
export interface ScriptedCase {
  report: Report;
  repository: Repository;
}

/**
 * Starts an investigation with scripted models (no suspects, no repository map).
 * @param target - the repository and its report.
 * @param agentScript - the investigating model's answers, in call order.
 * @param structurerScript - the structurer's answers. Default: none (a call fails the test).
 * @param options - anything else of `investigateWithModel` (label `bug` unless given).
 * @returns both scripted models (their call logs) and the investigation's promise.
 */
export function runScripted(
  target: ScriptedCase,
  agentScript: ScriptedResponse[],
  structurerScript: ScriptedResponse[] = [],
  options: Partial<Omit<InvestigateWithModelOptions, 'label'>> & { label?: DiagnosisLabel } = {},
) {
  const agent = createScriptedModel(agentScript, { modelId: 'agent' });
  const structurer = createScriptedModel(structurerScript, { modelId: 'structurer' });
  const result = investigateWithModel({
    report: target.report,
    repository: target.repository,
    model: agent.model,
    structurer: structurer.model,
    suspects: [],
    repoMap: '',
    label: 'bug',
    ...options,
  });
  return { agent, structurer, result };
}
