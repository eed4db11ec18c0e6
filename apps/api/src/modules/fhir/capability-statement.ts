import { FHIR_BASE_PATH, FHIR_JSON } from '../fhir-task/fhir-codes.js';

/** The token endpoint of SMART Backend Services (built beside this module), named in the security section. */
export const FHIR_TOKEN_PATH = `${FHIR_BASE_PATH}/auth/token`;

/** GET /fhir/r4/metadata: what this server does (R4 4.0.1), public as the specification asks. */
export function capabilityStatement(publicUrl: string, at: Date) {
  const base = `${publicUrl}${FHIR_BASE_PATH}`;
  return {
    resourceType: 'CapabilityStatement' as const,
    status: 'active' as const,
    date: at.toISOString(),
    publisher: 'MedCourier',
    kind: 'instance' as const,
    software: { name: 'MedCourier FHIR API' },
    implementation: { description: 'Specimen pickups as FHIR Tasks', url: base },
    fhirVersion: '4.0.1',
    format: [FHIR_JSON, 'json'],
    rest: [
      {
        mode: 'server' as const,
        documentation: 'Pickups are Tasks (code specimen-pickup); see the FHIR guide (docs/fhir.md).',
        security: {
          service: [
            {
              coding: [{ system: 'http://terminology.hl7.org/CodeSystem/restful-security-service', code: 'SMART-on-FHIR' }],
              text: 'SMART Backend Services (client_credentials, private_key_jwt), or an API key with the fhir scope as a Bearer token',
            },
          ],
          extension: [
            {
              url: 'http://fhir-registry.smarthealthit.org/StructureDefinition/oauth-uris',
              extension: [{ url: 'token', valueUri: `${publicUrl}${FHIR_TOKEN_PATH}` }],
            },
          ],
        },
        resource: [
          {
            type: 'Task',
            interaction: [{ code: 'create' as const }, { code: 'read' as const }, { code: 'search-type' as const }],
            conditionalCreate: true,
            searchParam: [
              { name: 'status', type: 'token' as const },
              { name: '_lastUpdated', type: 'date' as const },
              { name: 'identifier', type: 'token' as const },
              { name: '_count', type: 'number' as const },
            ],
          },
          {
            type: 'Subscription',
            interaction: [
              { code: 'create' as const },
              { code: 'read' as const },
              { code: 'update' as const },
              { code: 'delete' as const },
              { code: 'search-type' as const },
            ],
          },
        ],
      },
    ],
  };
}
