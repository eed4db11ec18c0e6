import { Fhir } from 'fhir';
import { createUser } from '../../db/seed/factories.js';
import type { TestApp } from '../../test/test-app.js';
import { CODE_SYSTEMS, EXTENSIONS } from '../fhir-task/fhir-codes.js';

/** Test helpers for the FHIR API (not a test file itself). */

const validator = new Fhir();

/** Our own codes (Task.code, businessStatus, ...) sit in example-bound elements: the validator warns they are not the example's. */
const OUR_CODE_WARNING = /^Code "[^"]+" \(https:\/\/medcourier\.example\/fhir\/CodeSystem\/[a-z-]+\) not found in value set$/;

/**
 * What the FHIR library's R4 validator says of a resource beyond "valid": errors and warnings alike (unexpected
 * properties, codes outside required bindings), except the warning that our own codes are not in an example set.
 */
export function fhirProblems(resource: unknown): string[] {
  const result = validator.validate(resource as object);
  return (result.messages ?? [])
    .filter((m) => String(m.severity) !== 'info' && !(String(m.severity) === 'warning' && OUR_CODE_WARNING.test(m.message ?? '')))
    .map((m) => `${m.severity} ${m.location}: ${m.message}`)
    .concat(result.valid ? [] : ['invalid']);
}

/** A customer (owner of their own account) and an API key of theirs with `scopes`. */
export async function fhirCustomer(t: TestApp, scopes: string[] = ['fhir'], input: Parameters<typeof createUser>[1] = {}) {
  const { user } = await createUser(t.db, input);
  const session = await t.bearer(user);
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/api-keys', headers: session, payload: { name: 'LIS', scopes } });
  if (res.statusCode !== 201) throw new Error(`API key not made: ${res.body}`);
  const key = res.json().data as { secret: string };
  return { user, session, auth: { authorization: `Bearer ${key.secret}` } };
}

/** A complete pickup Task as a lab's system would post it: two specimens (two tubes and one), refrigerated. */
export function pickupTask(overrides: Record<string, unknown> = {}, identifier = 'ORD-1001') {
  return {
    resourceType: 'Task',
    identifier: [{ system: 'urn:oid:2.16.840.1.113883.3.1234.1', value: identifier }],
    status: 'requested',
    intent: 'order',
    priority: 'stat',
    code: { coding: [{ system: CODE_SYSTEMS.taskCode, code: 'specimen-pickup' }] },
    contained: [
      {
        resourceType: 'Location',
        id: 'pickup',
        name: 'MGH Phlebotomy',
        address: { line: ['55 Fruit St'], city: 'Boston', state: 'MA', postalCode: '02114' },
        telecom: [{ system: 'phone', value: '+1 (617) 555-0100' }],
      },
      {
        resourceType: 'Location',
        id: 'lab',
        name: 'Jordan Lee',
        address: { text: '330 Brookline Ave, Boston, MA 02215' },
        telecom: [
          { system: 'phone', value: '617-555-0199' },
          { system: 'email', value: 'receiving@lab.example' },
        ],
      },
      {
        resourceType: 'Specimen',
        id: 's1',
        accessionIdentifier: { value: 'ACC-1' },
        collection: { collectedDateTime: '2026-03-02T13:00:00Z' },
        extension: [
          { url: EXTENSIONS.temperatureClass, valueCode: 'ambient' },
          { url: EXTENSIONS.specimenCategory, valueCode: 'exempt' },
          { url: EXTENSIONS.stabilityHours, valueDecimal: 48 },
        ],
        container: [{ description: 'SST tube' }, { description: 'EDTA tube' }],
      },
      {
        resourceType: 'Specimen',
        id: 's2',
        accessionIdentifier: { value: 'ACC-2' },
        collection: { collectedDateTime: '2026-03-02T13:30:00Z' },
        extension: [{ url: EXTENSIONS.temperatureClass, valueCode: 'ambient' }],
      },
    ],
    requester: { reference: 'Organization/whatever' },
    location: { reference: '#pickup' },
    restriction: { period: { end: '2026-03-03T19:00:00Z' } },
    input: [
      { type: { coding: [{ system: CODE_SYSTEMS.taskInput, code: 'destination' }] }, valueReference: { reference: '#lab' } },
      { type: { coding: [{ system: CODE_SYSTEMS.taskInput, code: 'specimen' }] }, valueReference: { reference: '#s1' } },
      { type: { coding: [{ system: CODE_SYSTEMS.taskInput, code: 'specimen' }] }, valueReference: { reference: '#s2' } },
    ],
    note: [{ text: 'Ring the bell at the side door' }],
    ...overrides,
  };
}
