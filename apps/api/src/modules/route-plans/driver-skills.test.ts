import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/index.js';
import { fixedClock } from '../../platform/clock.js';
import { useTestApp } from '../../test/test-app.js';
import { type Crew, crew } from '../dispatch/operations-test-kit.js';

const NOW = new Date('2030-01-15T14:00:00Z');
const SHIFT = { start: '08:00', end: '17:00', startPlace: 'base' } as const;

describe("drivers' skills, vehicles' compartments and shifts' breaks (the users page)", () => {
  const t = useTestApp({ clock: fixedClock(NOW) });
  let people: Crew;
  const patch = (userId: string, body: object, who: keyof Crew = 'ADMIN') =>
    t.app.inject({ method: 'PATCH', url: `/api/v1/admin/users/${userId}/shift`, headers: people[who].auth, payload: body });

  beforeAll(async () => {
    people = await crew(t);
  });

  it('sets skills (built-in and the administrator’s own), the cold compartment and a break, audited', async () => {
    const res = await patch(people.DRIVER.id, {
      shift: { ...SHIFT, break: { minutes: 30, earliest: '11:30', latest: '13:30' } },
      vehicleCapacity: 12,
      coldCapacity: 6,
      skills: ['un3373_trained', 'refrigerated', 'night_runs'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      shift: { ...SHIFT, break: { minutes: 30, earliest: '11:30', latest: '13:30' } },
      vehicleCapacity: 12,
      coldCapacity: 6,
      skills: ['night_runs', 'refrigerated', 'un3373_trained'],
    });
    const audits = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'user.shift_change'), eq(auditEvents.targetId, people.DRIVER.id)));
    expect(audits).toHaveLength(1);
    const [audit] = audits;
    expect(audit.actorId).toBe(people.ADMIN.id);
    expect(audit.details).toMatchObject({ coldCapacity: 6, skills: ['un3373_trained', 'refrigerated', 'night_runs'], previousSkills: [] });

    // The users page lists them with the driver.
    const listed = await t.app.inject({ method: 'GET', url: '/api/v1/admin/users?role=DRIVER&limit=80', headers: people.ADMIN.auth });
    expect(listed.json().data.find((u: { _id: string }) => u._id === people.DRIVER.id)).toMatchObject({
      coldCapacity: 6,
      skills: ['night_runs', 'refrigerated', 'un3373_trained'],
      shift: { break: { minutes: 30 } },
    });
    // Others than drivers carry none.
    expect(listed.json().data.every((u: { skills: unknown }) => Array.isArray(u.skills))).toBe(true);
    const admins = await t.app.inject({ method: 'GET', url: '/api/v1/admin/users?role=STAFF', headers: people.ADMIN.auth });
    expect(admins.json().data[0]).toMatchObject({ skills: null, coldCapacity: null });
  });

  it('changes one part alone: skills without the shift keep the break; a shift sent without its break clears it', async () => {
    const skills = await patch(people.DRIVER.id, { skills: ['frozen'] });
    expect(skills.statusCode).toBe(200);
    expect(skills.json().data).toMatchObject({ skills: ['frozen'], coldCapacity: 6, shift: { break: { minutes: 30 } } });
    const cleared = await patch(people.DRIVER.id, { shift: SHIFT });
    expect(cleared.json().data.shift).toEqual({ ...SHIFT, break: null });
    const none = await patch(people.DRIVER.id, { skills: [] });
    expect(none.json().data.skills).toEqual([]);
  });

  it('answers 400 naming the field for a bad skill, a repeated one, a break outside the shift or a bad compartment', async () => {
    for (const [body, field] of [
      [{ skills: ['Cold Chain'] }, 'skills.0'],
      [{ skills: ['frozen', 'frozen'] }, 'skills'],
      [{ skills: Array.from({ length: 21 }, (_, i) => `skill_${i}`) }, 'skills'],
      [{ skills: 'frozen' }, 'skills'],
      [{ coldCapacity: -1 }, 'coldCapacity'],
      [{ coldCapacity: 2.5 }, 'coldCapacity'],
      [{ shift: { ...SHIFT, break: { minutes: 30, earliest: '07:00', latest: '09:00' } } }, 'shift.break.earliest'],
      [{ shift: { ...SHIFT, break: { minutes: 30, earliest: '13:00', latest: '12:00' } } }, 'shift.break.latest'],
      [{ shift: { ...SHIFT, break: { minutes: 2, earliest: '12:00', latest: '13:00' } } }, 'shift.break.minutes'],
      [{ shift: { ...SHIFT, break: { minutes: 30, earliest: 'noon', latest: '13:00' } } }, 'shift.break.earliest'],
      [{}, 'shift'],
    ] as const) {
      const res = await patch(people.DRIVER.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().field, JSON.stringify(body)).toBe(field);
    }
  });

  it('is for administrators only and for drivers only', async () => {
    expect((await patch(people.DRIVER.id, { skills: ['frozen'] }, 'STAFF')).statusCode).toBe(403);
    expect((await patch(people.DRIVER.id, { skills: ['frozen'] }, 'MANAGER')).statusCode).toBe(403);
    expect((await patch(people.DRIVER.id, { skills: ['frozen'] }, 'DRIVER')).statusCode).toBe(403);
    const notDriver = await patch(people.STAFF.id, { skills: ['frozen'] });
    expect(notDriver.statusCode).toBe(400);
    expect(notDriver.json().field).toBe('shift');
    expect(
      (await t.app.inject({ method: 'PATCH', url: `/api/v1/admin/users/${people.DRIVER.id}/shift`, payload: { skills: [] } })).statusCode,
    ).toBe(401);
  });
});
