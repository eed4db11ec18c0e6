import { clockTime, reasonText, type TPlanLike } from './plan-view';

/** What an insertion preview means for the STAT: which driver takes it and when, or why nobody can. */
export function insertionSummary(
  plan: TPlanLike,
  deliveryId: string,
  driverNames: ReadonlyMap<string, string> = new Map(),
): { placed: boolean; driverId: string | null; text: string } {
  for (const route of plan.routes) {
    const pickup = route.stops.find((s) => s.deliveryId === deliveryId && s.kind === 'pickup');
    const drop = route.stops.find((s) => s.deliveryId === deliveryId && s.kind === 'dropoff');
    if (!pickup && !drop) continue;
    const name = route.driverName || driverNames.get(route.driverId) || 'a driver';
    const times = [pickup && `pickup ${clockTime(pickup.arrival)}`, drop && `drop ${clockTime(drop.arrival)}`].filter(Boolean).join(', ');
    return { placed: true, driverId: route.driverId, text: `goes to ${name}${times ? ` (${times})` : ''}` };
  }
  const left = plan.unassigned.find((u) => u.deliveryId === deliveryId);
  return { placed: false, driverId: null, text: left ? `No route can take it: ${reasonText(left.reason)}` : 'No route can take it' };
}
