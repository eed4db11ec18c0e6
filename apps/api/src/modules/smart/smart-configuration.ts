import { SMART_ASSERTION_ALGORITHMS, SMART_SCOPES } from '@courier/contract';
import { smartTokenUrl } from './smart-urls.js';

/** The SMART App Launch discovery document (.well-known/smart-configuration): Backend Services only. */
export function smartConfiguration(publicUrl: string) {
  return {
    issuer: publicUrl,
    token_endpoint: smartTokenUrl(publicUrl),
    token_endpoint_auth_methods_supported: ['private_key_jwt'],
    token_endpoint_auth_signing_alg_values_supported: [...SMART_ASSERTION_ALGORITHMS],
    grant_types_supported: ['client_credentials'],
    scopes_supported: [...SMART_SCOPES],
    response_types_supported: ['token'],
    capabilities: ['client-confidential-asymmetric'],
  };
}
