/** The FHIR base and the SMART token endpoint, from the server's public address (PUBLIC_URL). */
export const fhirBaseUrl = (publicUrl: string): string => `${publicUrl}/fhir/r4`;
/** Where clients post their assertions; also the `aud` every assertion must carry. */
export const smartTokenUrl = (publicUrl: string): string => `${fhirBaseUrl(publicUrl)}/auth/token`;
