import { describe, expect, it } from 'vitest';
import { parseEnv } from './env.js';

describe('parseEnv', () => {
  it('fills every default for an empty environment', () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATA_DIR).toBe('./data');
    expect(env.GEOCODER).toBe('offline');
    expect(env.BUSINESS_TZ).toBe('America/New_York');
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SHUTDOWN_GRACE_MS).toBe(10_000);
  });

  it.each([
    [{ PORT: 'abc' }, /^Invalid environment variable PORT: /],
    [{ PORT: '70000' }, /^Invalid environment variable PORT: /],
    [{ DATABASE_URL: 'not a url' }, /^Invalid environment variable DATABASE_URL: /],
    [{ GEOCODER: 'bing' }, /^Invalid environment variable GEOCODER: /],
    [{ GEOCODER: 'google' }, /^Invalid environment variable GEOCODER_KEY: /],
    [{ JWT_SECRET: 'short' }, /^Invalid environment variable JWT_SECRET: must be at least 32 characters/],
    [{ BUSINESS_TZ: 'Mars/Olympus' }, /^Invalid environment variable BUSINESS_TZ: must be an IANA time zone/],
    [{ ADMIN_EMAIL: 'boss@example.com' }, /^Invalid environment variable ADMIN_PASSWORD: /],
    [{ METRICS_TOKEN: 'short' }, /^Invalid environment variable METRICS_TOKEN: must be at least 24 characters/],
    [{ METRICS_PORT: '0' }, /^Invalid environment variable METRICS_PORT: /],
    [{ METRICS_PORT: '3000' }, /^Invalid environment variable METRICS_PORT: must differ from PORT/],
    [{ DATABASE_READ_URL: 'postgres://db-replica:5432/courier' }, /^Invalid environment variable DATABASE_READ_URL: needs DATABASE_URL/],
    [{ DATABASE_URL: 'postgres://db:5432/courier', DATABASE_READ_URL: 'not a url' }, /^Invalid environment variable DATABASE_READ_URL: /],
    [{ BACKUP_AT: '2am' }, /^Invalid environment variable BACKUP_AT: must be a time of day as HH:MM/],
    [{ BACKUP_KEEP: '0' }, /^Invalid environment variable BACKUP_KEEP: /],
    [{ RETENTION_RECORDS_YEARS: '5' }, /^Invalid environment variable RETENTION_RECORDS_YEARS: must be at least 6/],
    [{ RETENTION_RECORDS_YEARS: '6.5' }, /^Invalid environment variable RETENTION_RECORDS_YEARS: /],
    [{ RETENTION_PERSONAL_DAYS: '0' }, /^Invalid environment variable RETENTION_PERSONAL_DAYS: /],
    [{ LOG_LEVEL: 'loud' }, /^Invalid environment variable LOG_LEVEL: /],
    [{ SHUTDOWN_GRACE_MS: '10s' }, /^Invalid environment variable SHUTDOWN_GRACE_MS: /],
    [{ SHUTDOWN_GRACE_MS: '-1' }, /^Invalid environment variable SHUTDOWN_GRACE_MS: /],
    [{ SHUTDOWN_GRACE_MS: '1.5' }, /^Invalid environment variable SHUTDOWN_GRACE_MS: /],
    [{ TWILIO_ACCOUNT_SID: 'nope' }, /^Invalid environment variable TWILIO_ACCOUNT_SID: /],
    [{ TWILIO_FROM: '617-555-0142' }, /^Invalid environment variable TWILIO_FROM: must be an E.164 phone number/],
    [{ TWILIO_API_URL: 'local fake' }, /^Invalid environment variable TWILIO_API_URL: /],
    [{ SERVICE_AREA_STATES: 'MA,Mass' }, /^Invalid environment variable SERVICE_AREA_STATES: must be two-letter state codes/],
    [{ DISPATCH_PHONE: 'call us' }, /^Invalid environment variable DISPATCH_PHONE: must be a phone number/],
    [
      { OUTBOUND_ALLOWED_NETWORKS: '10.20.0.0/16,intranet' },
      /^Invalid environment variable OUTBOUND_ALLOWED_NETWORKS: "intranet" is not a network/,
    ],
    [{ OUTBOUND_ALLOWED_NETWORKS: '10.20.0.0/33' }, /^Invalid environment variable OUTBOUND_ALLOWED_NETWORKS: "10.20.0.0\/33"/],
    [{ OUTBOUND_ALLOWED_NETWORKS: '300.1.0.0/16' }, /^Invalid environment variable OUTBOUND_ALLOWED_NETWORKS: /],
    [
      { TWILIO_ACCOUNT_SID: `AC${'a'.repeat(32)}`, TWILIO_FROM: '+16175550142' },
      /^Invalid environment variable TWILIO_AUTH_TOKEN: required when/,
    ],
    [{ PAYROLL_ROUTING_NUMBER: '011000016' }, /^Invalid environment variable PAYROLL_ROUTING_NUMBER: must be a 9-digit routing number/],
    [
      { PAYROLL_COMPANY_NAME: 'MedCourier', PAYROLL_COMPANY_ID: '1234567890' },
      /^Invalid environment variable PAYROLL_ROUTING_NUMBER: required when/,
    ],
    [{ DATA_ENCRYPTION_KEY: 'short' }, /^Invalid environment variable DATA_ENCRYPTION_KEY: must be at least 32/],
    [{ HL7_MLLP_PORT: 'mllp' }, /^Invalid environment variable HL7_MLLP_PORT: /],
    [{ HL7_MLLP_PORT: '3000' }, /^Invalid environment variable HL7_MLLP_PORT: must differ from PORT/],
    [
      { HL7_MLLP_TLS_CERT: '/etc/mllp.crt' },
      /^Invalid environment variable HL7_MLLP_TLS_KEY: HL7_MLLP_TLS_CERT and HL7_MLLP_TLS_KEY go together/,
    ],
    [
      { HL7_MLLP_TLS_CERT: '/nonexistent/mllp.crt', HL7_MLLP_TLS_KEY: '/nonexistent/mllp.key' },
      /^Invalid environment variable HL7_MLLP_TLS_CERT: no file at/,
    ],
  ])('refuses %o with one line naming the variable', (source, message) => {
    expect(() => parseEnv(source)).toThrow(message);
    try {
      parseEnv(source);
    } catch (err) {
      expect((err as Error).message).not.toContain('\n');
    }
  });

  it('keeps records six years or more, and personal details until told otherwise', () => {
    expect(parseEnv({}).RETENTION_RECORDS_YEARS).toBeUndefined();
    expect(parseEnv({}).RETENTION_PERSONAL_DAYS).toBeUndefined();
    expect(parseEnv({ RETENTION_RECORDS_YEARS: '6', RETENTION_PERSONAL_DAYS: '90' })).toMatchObject({
      RETENTION_RECORDS_YEARS: 6,
      RETENTION_PERSONAL_DAYS: 90,
    });
  });

  it('reads OUTBOUND_ALLOWED_NETWORKS as a list of IPv4 and IPv6 CIDRs, none by default', () => {
    expect(parseEnv({}).OUTBOUND_ALLOWED_NETWORKS).toEqual([]);
    expect(parseEnv({ OUTBOUND_ALLOWED_NETWORKS: ' 10.20.0.0/16, 127.0.0.0/8 ,fd00::/8,' }).OUTBOUND_ALLOWED_NETWORKS).toEqual([
      '10.20.0.0/16',
      '127.0.0.0/8',
      'fd00::/8',
    ]);
  });

  it('treats empty strings as unset', () => {
    expect(parseEnv({ DATABASE_URL: '', SMTP_URL: '' }).DATABASE_URL).toBeUndefined();
  });
});
