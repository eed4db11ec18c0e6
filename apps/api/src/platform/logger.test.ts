import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser } from '../db/seed/factories.js';
import { TEST_NOW, validDeliveryForm } from '../modules/deliveries/delivery-test-kit.js';
import { useTestApp } from '../test/test-app.js';
import { fixedClock } from './clock.js';
import { redactUrl, serializeError } from './logger.js';

describe('what the server logs', () => {
  const t = useTestApp({ clock: fixedClock(TEST_NOW), env: { LOG_LEVEL: 'info' }, logStream: { write: (line) => lines.push(line) } });
  const lines: string[] = [];
  const logged = () => lines.join('\n');

  it('keeps the path of a request but not the token in its query string, nor its authorization or cookies', async () => {
    lines.length = 0;
    await t.app.inject({
      url: '/api/v1/auth/verify-email?token=VerifySecret123&page=2',
      headers: { authorization: 'Bearer HeaderSecret456', cookie: 'session=CookieSecret789' },
    });
    expect(logged()).toContain('/api/v1/auth/verify-email?token=[REDACTED]&page=2');
    for (const secret of ['VerifySecret123', 'HeaderSecret456', 'CookieSecret789']) expect(logged()).not.toContain(secret);
  });

  it('hides the signature of a signed file link', async () => {
    lines.length = 0;
    await t.app.inject('/api/v1/files/00000000-0000-0000-0000-000000000000?exp=1893456000&sig=SignatureValue42');
    expect(logged()).toContain('/api/v1/files/00000000-0000-0000-0000-000000000000?exp=1893456000&sig=[REDACTED]');
    expect(logged()).not.toContain('SignatureValue42');
  });

  it('logs a failed query without the phone, e-mail and name it carried', async () => {
    const { user } = await createUser(t.db);
    // The database refuses this recipient, as it would refuse any write on a bad day: a real failed query, 500.
    await t.db.execute(sql`alter table deliveries add constraint refuse_test_recipient check (recipient_name <> 'Quinn Zebulon')`);
    lines.length = 0;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/deliveries',
      headers: await t.bearer(user),
      payload: {
        ...validDeliveryForm(),
        recipientName: 'Quinn Zebulon',
        recipientPhone: '(617) 555-0177',
        recipientEmail: 'quinn.z@private.test',
      },
    });
    expect(res.statusCode).toBe(500);
    const failure = lines.find((line) => line.includes('request failed'));
    expect(failure).toBeDefined();
    expect(failure).toContain('refuse_test_recipient');
    expect(failure).toContain('23514');
    for (const personal of ['Quinn', 'Zebulon', '555-0177', '6175550177', 'quinn.z@private.test']) expect(logged()).not.toContain(personal);
  });
});

describe('log redaction rules', () => {
  it.each([
    ['/api/v1/x?token=abc', '/api/v1/x?token=[REDACTED]'],
    ['/api/v1/x?q=55%20Fruit%20St&limit=10', '/api/v1/x?q=[REDACTED]&limit=10'],
    ['/api/v1/x?refresh%5FToken=abc', '/api/v1/x?refresh%5FToken=[REDACTED]'],
    ['/api/v1/x', '/api/v1/x'],
    ['/api/v1/x?flag', '/api/v1/x?flag'],
  ])('%s is logged as %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });

  it('cuts the values off a failed query logged as a plain message', () => {
    expect(serializeError('Failed query: insert into users (email) values ($1)\nparams: dana@clinic.test')).toBe(
      'Failed query: insert into users (email) values ($1)\nparams: [REDACTED]',
    );
  });

  it('drops params and detail through the cause chain, and quoted values from database messages', () => {
    const cause = Object.assign(new Error('invalid input syntax for type uuid: "dana@clinic.test"'), {
      severity: 'ERROR',
      code: '22P02',
      detail: 'Failing row contains (dana@clinic.test).',
    });
    const err = Object.assign(new Error('Failed query: select 1 where id = $1\nparams: dana@clinic.test'), {
      query: 'select 1 where id = $1',
      params: ['dana@clinic.test'],
      cause,
    });
    const out = JSON.stringify(serializeError(err));
    expect(out).not.toContain('dana@clinic.test');
    expect(out).toContain('22P02');
    expect(out).toContain('select 1 where id = $1');
  });
});
