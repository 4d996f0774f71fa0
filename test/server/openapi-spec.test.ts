/**
 * The OpenAPI document the service generates from its routes, held to the specification's tables
 * (test/fixtures/spec/footprint-service-interface.md): the request and response fields with their types,
 * the water object, the equivalents, and the error codes with their statuses.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type RunningService } from '../../src/server/start';
import { readRepoFile, records, section, tables, text } from '../unit/support/markdown';
import { send } from './support/http';

const spec = readRepoFile('test/fixtures/spec/footprint-service-interface.md');

type JsonSchema = { type?: string; properties?: Record<string, JsonSchema>; required?: string[]; items?: JsonSchema; enum?: string[]; $ref?: string };

let service: RunningService;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
let doc: any;
beforeAll(async () => {
  service = await startService();
  doc = (await send(service.url, '/openapi.json')).json;
});
afterAll(() => service.close());

const component = (name: string): JsonSchema => doc.components.schemas[name];

/** The JSON Schema type of a cell of the specification's Type column. */
function expectType(schema: JsonSchema | undefined, specType: string): void {
  expect(schema, `a field of type ${specType}`).toBeDefined();
  if (specType === 'array of string') {
    expect(schema!.type).toBe('array');
    expect(schema!.items?.type).toBe('string');
  } else {
    expect(schema!.type).toBe(specType.replace(/ \(URL\)$/, ''));
  }
}

describe('the generated OpenAPI document against the specification', () => {
  it('the request body of POST /api/v2/calculate has every field of the request table, with its type; only model is required', () => {
    const request = records(tables(section(spec, 'Calculation request'))[0]);
    const body = doc.paths['/api/v2/calculate'].post.requestBody.content['application/json'].schema;
    expect(body).toEqual({ $ref: '#/components/schemas/CalculationRequest' });
    const schema = component('CalculationRequest');
    for (const row of request) expectType(schema.properties![row.Field], row.Type);
    expect(schema.required).toEqual(request.filter((r) => r.Required === 'yes').map((r) => r.Field));
  });

  it('the 200 answer has every field of the response table, each required, with its type', () => {
    const [response, water] = tables(section(spec, 'Calculation response')).map(records);
    const ok = doc.paths['/api/v2/calculate'].post.responses['200'].content['application/json'].schema;
    expect(ok).toEqual({ $ref: '#/components/schemas/CalculationResponse' });
    const schema = component('CalculationResponse');
    for (const row of response) {
      expectType(schema.properties![row.Field], row.Type);
      expect(schema.required).toContain(row.Field);
    }
    const waterSchema = schema.properties!.water;
    for (const row of water) {
      expectType(waterSchema.properties![row.Field], row.Type);
      expect(waterSchema.required).toContain(row.Field);
    }
    const levels = /One of (.+)\./.exec(water.find((r) => r.Field === 'stress_level')!.Meaning)![1].split(', ');
    expect(waterSchema.properties!.stress_level.enum).toEqual(levels);
  });

  it('the equivalents object has the fields the specification lists, all numbers', () => {
    const listed = /Object equivalents \(all numbers\): ([^.]+)\./.exec(text(section(spec, 'Calculation response')))![1].split(', ');
    const equivalents = component('CalculationResponse').properties!.equivalents;
    expect(Object.keys(equivalents.properties!)).toEqual(listed);
    for (const field of listed) expect(equivalents.properties![field].type).toBe('number');
  });

  it('every code of the errors table is a documented problem code, answered with its status', () => {
    const errors = records(tables(section(spec, 'Errors'))[0]);
    expect(component('Problem').properties!.code.enum).toEqual(expect.arrayContaining(errors.map((e) => e.code)));
    const answers = doc.paths['/api/v2/calculate'].post.responses;
    for (const e of errors) {
      expect(answers[e['HTTP status']].content['application/problem+json'].schema).toEqual({ $ref: '#/components/schemas/Problem' });
    }
  });
});
