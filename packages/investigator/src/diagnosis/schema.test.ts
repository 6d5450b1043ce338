import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { itemAt, validDiagnosis } from './__fixtures__/diagnosis.js';
import {
  DIAGNOSIS_SCHEMA_VERSION,
  diagnosisJsonSchema,
  diagnosisSchema,
  modelDiagnosisSchema,
} from './schema.js';

type JsonObject = Record<string, unknown>;

/** Every object node of a JSON Schema, with its JSON pointer-ish location. */
function objectNodes(node: unknown, at = '#'): [string, JsonObject][] {
  if (Array.isArray(node))
    return node.flatMap((child, index) => objectNodes(child, `${at}/${index}`));
  if (typeof node !== 'object' || node === null) return [];
  const record = node as JsonObject;
  return [
    [at, record],
    ...Object.entries(record).flatMap(([key, child]) => objectNodes(child, `${at}/${key}`)),
  ];
}

describe('diagnosisSchema', () => {
  it('round-trips a diagnosis through JSON unchanged', () => {
    const diagnosis = validDiagnosis();
    expect(diagnosisSchema.parse(JSON.parse(JSON.stringify(diagnosis)))).toEqual(diagnosis);
  });

  it('rejects start > end, line 0, confidence above 1 and unknown enum values', () => {
    const diagnosis = validDiagnosis();
    itemAt(diagnosis.affectedFiles, 0).lines = [9, 3];
    itemAt(diagnosis.affectedFiles, 1).lines = [0, 2];
    diagnosis.rootCause.confidence = 1.5;
    (diagnosis.affectedFiles[0] as { role: string }).role = 'culprit';
    const result = diagnosisSchema.safeParse(diagnosis);
    expect(result.error?.issues.map((issue) => issue.path.join('.')).sort()).toEqual([
      'affectedFiles.0.lines',
      'affectedFiles.0.role',
      'affectedFiles.1.lines.0',
      'rootCause.confidence',
    ]);
  });
});

describe('diagnosisJsonSchema', () => {
  const schema = diagnosisJsonSchema();
  const properties = schema.properties as Record<string, JsonObject>;

  it('is draft 2020-12 with a title, the version as a constant and every field required', () => {
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(schema.title).toBe('Sightline diagnosis');
    expect(properties.schemaVersion).toMatchObject({ const: DIAGNOSIS_SCHEMA_VERSION });
    expect(schema.required).toEqual([
      'schemaVersion',
      'report',
      'method',
      'rootCause',
      'affectedFiles',
      'proposedChange',
      'complexity',
      'risk',
      'riskRationale',
      'suspects',
      'stats',
    ]);
  });

  it('describes line ranges as pairs of positive integers and enums as closed sets', () => {
    const affectedFile = (properties.affectedFiles as { items: JsonObject }).items;
    const fileProperties = affectedFile.properties as Record<string, JsonObject>;
    expect(fileProperties.lines).toMatchObject({
      type: 'array',
      minItems: 2,
      maxItems: 2,
      prefixItems: [
        { type: 'integer', minimum: 1 },
        { type: 'integer', minimum: 1 },
      ],
    });
    expect(fileProperties.role).toMatchObject({ enum: ['cause', 'symptom', 'related'] });
    expect(affectedFile.required).toEqual(['path', 'lines', 'role', 'evidence']);
    expect(
      (properties.report as { properties: Record<string, JsonObject> }).properties.kind,
    ).toMatchObject({
      enum: ['review', 'crash', 'issue', 'text'],
    });
  });

  it('describes every property for a model', () => {
    const undescribed = objectNodes(schema).flatMap(([at, node]) =>
      Object.entries((node.properties ?? {}) as Record<string, JsonObject>)
        .filter(([, property]) => typeof property.description !== 'string')
        .map(([name]) => `${at}/properties/${name}`),
    );
    expect(undescribed).toEqual([]);
  });
});

describe('modelDiagnosisSchema', () => {
  // As the AI SDK converts zod 4 schemas (provider-utils zod4Schema): draft-07, input side.
  const schema = z.toJSONSchema(modelDiagnosisSchema, { target: 'draft-7', io: 'input' });

  it('leaves out what the program fills in', () => {
    expect(Object.keys(schema.properties ?? {})).toEqual([
      'rootCause',
      'affectedFiles',
      'proposedChange',
      'complexity',
      'risk',
      'riskRationale',
    ]);
  });

  it('fits OpenAI strict structured outputs: all properties required, no tuples', () => {
    const problems = objectNodes(schema).flatMap(([at, node]) => {
      const found: string[] = [];
      if (node.type === 'object') {
        const names = Object.keys((node.properties ?? {}) as JsonObject);
        const required = (node.required ?? []) as string[];
        for (const name of names)
          if (!required.includes(name)) found.push(`${at}: ${name} optional`);
      }
      if (Array.isArray(node.items) || 'prefixItems' in node) found.push(`${at}: tuple`);
      return found;
    });
    expect(problems).toEqual([]);
  });

  it('parses a model output with nulls and turns line pairs into tuples', () => {
    const parsed = modelDiagnosisSchema.parse({
      rootCause: { summary: 's', explanation: 'e', confidence: 0.5 },
      affectedFiles: [{ path: 'a.ts', lines: [3, 4], symbol: null, role: 'cause', evidence: [] }],
      proposedChange: { description: 'd', patch: null },
      complexity: 'low',
      risk: 'medium',
      riskRationale: 'r',
    });
    expect(parsed.affectedFiles[0]?.lines).toEqual([3, 4]);
    expect(modelDiagnosisSchema.safeParse({ ...parsed, proposedChange: undefined }).success).toBe(
      false,
    );
  });
});
