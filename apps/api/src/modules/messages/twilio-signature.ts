import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Twilio's X-Twilio-Signature: HMAC-SHA1 with the auth token over the full URL Twilio called, followed by
 * each POST parameter's name and value, sorted by name; base64.
 */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, name) => acc + name + params[name], url);
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

export function isValidTwilioSignature(
  authToken: string | undefined,
  url: string,
  params: Record<string, string>,
  given: string | undefined,
): boolean {
  if (!authToken || !given) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
