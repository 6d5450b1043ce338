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

  it('lists the error statuses each operation can answer, not one list for all', () => {
    // Noticed in review: every operation listed 400, 401 and 404, health and the event
    // stream too, and none listed 413, 415 or 429.
    const paths = openApiDocument().paths as Record<
      string,
      Record<string, { responses: Record<string, unknown> }>
    >;
    const statuses = (path: string, method: string) =>
      Object.keys(paths[path]?.[method]?.responses ?? {});
    expect(statuses('/api/health', 'get')).toEqual(['200', '429']);
    expect(statuses('/api/events', 'get')).toEqual(['200', '401', '429']);
    expect(statuses('/api/groups/{id}', 'get')).toEqual(['200', '401', '404', '429']);
    expect(statuses('/api/groups/{id}/retry', 'post')).toEqual([
      '202',
      '400',
      '401',
      '404',
      '413',
      '429',
    ]);
    expect(statuses('/api/reports', 'post')).toEqual([
      '202',
      '400',
      '401',
      '404',
      '413',
      '415',
      '429',
    ]);
  });
});
