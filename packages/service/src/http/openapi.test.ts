import { describe, expect, it } from 'vitest';
import { openApiDocument } from './openapi.js';
import { INGEST_FORMATS } from './schemas.js';

/** The part of an operation object this test reads. */
interface Operation {
  parameters: unknown[];
  requestBody: { content: Record<string, { schema: { type?: string } }> };
}

describe('openApiDocument', () => {
  it('lists the ingest route’s query (project, format with its values, filename) and its text body', () => {
    const paths = openApiDocument().paths as Record<string, Record<string, Operation>>;
    const ingest = paths['/api/reports']?.post;
    if (!ingest) throw new Error('POST /api/reports is not in the document');
    expect(ingest.parameters).toEqual([
      expect.objectContaining({ name: 'project', in: 'query', required: false }),
      {
        name: 'format',
        in: 'query',
        required: false,
        schema: expect.objectContaining({ enum: [...INGEST_FORMATS] }),
      },
      expect.objectContaining({ name: 'filename', in: 'query', required: false }),
    ]);
    expect(Object.keys(ingest.requestBody.content)).toEqual(['application/json', 'text/plain']);
    expect(ingest.requestBody.content['text/plain']?.schema.type).toBe('string');
  });
});
