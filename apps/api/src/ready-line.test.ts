import { describe, expect, it } from 'vitest';
import { readyLines } from './ready-line.js';

const at = (port: number) => ({ address: '0.0.0.0', family: 'IPv4', port });

describe('the line npm start prints when ready', () => {
  it('names the real port, as localhost for any local or every-interface host', () => {
    for (const host of ['0.0.0.0', '::', '127.0.0.1', 'localhost'])
      expect(readyLines(at(3000), host, 3)).toEqual(['MedCourier is ready at http://localhost:3000']);
    expect(readyLines(at(41234), '0.0.0.0', 1)).toEqual(['MedCourier is ready at http://localhost:41234']);
    expect(readyLines(at(8080), 'courier.internal', 1)).toEqual(['MedCourier is ready at http://courier.internal:8080']);
    expect(readyLines(at(8080), 'fd00::5', 1)).toEqual(['MedCourier is ready at http://[fd00::5]:8080']);
  });

  it('on a database with no account, says how to load the demo or create the first administrator', () => {
    const lines = readyLines(at(3000), '0.0.0.0', 0);
    expect(lines[0]).toBe('MedCourier is ready at http://localhost:3000');
    expect(lines.join(' ')).toContain('npm run seed');
    expect(lines.join(' ')).toContain('ADMIN_EMAIL and ADMIN_PASSWORD');
  });
});
