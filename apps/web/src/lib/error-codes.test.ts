import * as contract from '@courier/contract';
import { describe, expect, it } from 'vitest';
import { codeOfStatus, isErrorCode } from './error-codes';

describe("the web's zod-free copy of the contract's error codes", () => {
  it('knows exactly the contract codes', () => {
    for (const code of contract.ERROR_CODES) expect(isErrorCode(code)).toBe(true);
    for (const other of ['FST_ERR_CTP_INVALID_JSON_BODY', 'toString', 'constructor', '', undefined, null, 404]) {
      expect(isErrorCode(other)).toBe(contract.isErrorCode(other));
    }
  });

  it('maps every status as the contract does', () => {
    for (let status = 0; status < 600; status++) expect(codeOfStatus(status)).toBe(contract.codeOfStatus(status));
  });
});
