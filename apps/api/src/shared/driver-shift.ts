import { ROLE_IDS, SHIFT_START_PLACES, type TDriverShift, type TShiftStartPlace } from '@courier/contract';
import type { users } from '../db/schema/index.js';

type ShiftColumns = Pick<
  typeof users.$inferSelect,
  'shiftStart' | 'shiftEnd' | 'shiftStartPlace' | 'breakMinutes' | 'breakEarliest' | 'breakLatest'
>;

/** A driver's shift from its columns, or null when none is set. */
export function driverShiftOf(u: ShiftColumns): TDriverShift | null {
  if (!u.shiftStart || !u.shiftEnd) return null;
  const startPlace = (SHIFT_START_PLACES as readonly string[]).includes(u.shiftStartPlace ?? '')
    ? (u.shiftStartPlace as TShiftStartPlace)
    : 'base';
  const pause =
    u.breakMinutes && u.breakEarliest && u.breakLatest
      ? { minutes: u.breakMinutes, earliest: u.breakEarliest, latest: u.breakLatest }
      : null;
  return { start: u.shiftStart, end: u.shiftEnd, startPlace, break: pause };
}

/** The shift fields of the admin user JSON: a driver's shift and capacity, null for other roles. */
export function driverShiftJson(
  u: ShiftColumns & Pick<typeof users.$inferSelect, 'roleId' | 'vehicleCapacity' | 'coldCapacity' | 'skills'>,
) {
  const driver = u.roleId === ROLE_IDS.DRIVER;
  return {
    shift: driver ? driverShiftOf(u) : null,
    vehicleCapacity: driver ? u.vehicleCapacity : null,
    coldCapacity: driver ? u.coldCapacity : null,
    skills: driver ? u.skills : null,
  };
}

/** "HH:MM" to seconds after midnight. */
export const secondsOfDay = (hhmm: string) => Number(hhmm.slice(0, 2)) * 3600 + Number(hhmm.slice(3, 5)) * 60;
