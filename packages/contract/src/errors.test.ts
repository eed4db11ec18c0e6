import { describe, expect, it } from 'vitest';
import { codeOfStatus, ERROR_CODES, isErrorCode, ZErrorBody } from './errors.js';

describe('the error body', () => {
  it('takes a code, a message and the optional field, issues and seconds to wait', () => {
    const body = {
      success: false,
      message: 'phone: Phone is required',
      error: 'BAD_REQUEST',
      field: 'phone',
      errors: [{ field: 'phone', message: 'Phone is required' }],
    };
    expect(ZErrorBody.parse(body)).toEqual(body);
    expect(ZErrorBody.parse({ success: false, message: 'Slow down', error: 'RATE_LIMITED', retryAfter: 30 }).retryAfter).toBe(30);
  });

  it('refuses a body without a known code, a message, or with success true', () => {
    expect(ZErrorBody.safeParse({ success: false, message: 'x' }).success).toBe(false);
    expect(ZErrorBody.safeParse({ success: false, message: 'x', error: 'FST_ERR_CTP_INVALID_JSON_BODY' }).success).toBe(false);
    expect(ZErrorBody.safeParse({ success: false, message: '', error: 'BAD_REQUEST' }).success).toBe(false);
    expect(ZErrorBody.safeParse({ success: true, message: 'x', error: 'BAD_REQUEST' }).success).toBe(false);
    expect(ZErrorBody.safeParse({ success: false, message: 'x', error: 'RATE_LIMITED', retryAfter: '1 minute' }).success).toBe(false);
  });

  it('gives every status a code of the list', () => {
    expect(codeOfStatus(404)).toBe('NOT_FOUND');
    expect(codeOfStatus(418)).toBe('BAD_REQUEST');
    expect(codeOfStatus(502)).toBe('INTERNAL');
    for (const status of [400, 401, 403, 409, 413, 415, 429, 500, 503]) expect(ERROR_CODES).toContain(codeOfStatus(status));
    expect(isErrorCode('TOKEN_EXPIRED')).toBe(true);
    expect(isErrorCode('jwt expired')).toBe(false);
    for (const other of ['toString', 'constructor', '', undefined, null, 404]) expect(isErrorCode(other)).toBe(false);
  });
});
