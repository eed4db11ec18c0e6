import type { TLiveMapResponse } from '@courier/contract';
import { fixAge } from '@/lib/fix-age';
import type { TMapDriver, TMapJob } from './map-view';

type TLiveMap = TLiveMapResponse['data'];

const ON_BOARD = new Set(['picked_up', 'in_transit', 'returning']);

/** Drivers with a position, and every open job's stops (a parcel on board: its drop only); `onMap` tells which have a place. */
export function liveView(live: TLiveMap, now: Date): { drivers: TMapDriver[]; jobs: TMapJob[] } {
  const tracking = new Map(live.jobs.map((j) => [j._id, j.trackingNumber]));
  const names = new Map(live.drivers.map((d) => [d._id, d.name]));
  const drivers = live.drivers.flatMap((d) =>
    d.position
      ? [
          {
            driverId: d._id,
            name: d.name,
            lat: d.position.lat,
            lng: d.position.lng,
            age: fixAge(d.position.at, now),
            currentJob: d.currentJobId ? (tracking.get(d.currentJobId) ?? null) : null,
          },
        ]
      : [],
  );
  const jobs = live.jobs.flatMap((job) => {
    const base = {
      deliveryId: job._id,
      trackingNumber: job.trackingNumber,
      stat: job.priority === 'stat',
      late: job.late,
      driverName: job.driverId ? (names.get(job.driverId) ?? null) : null,
    };
    const stops: TMapJob[] = [];
    // A stop with no position stays in the lists (NaN keeps it off the map).
    const place = (kind: 'pickup' | 'dropoff', p: TLiveMap['jobs'][number]['pickup']) => {
      stops.push({ ...base, kind, lat: p.lat ?? Number.NaN, lng: p.lng ?? Number.NaN, address: p.address });
    };
    if (!ON_BOARD.has(job.status)) place('pickup', job.pickup);
    place('dropoff', job.dropoff);
    return stops;
  });
  return { drivers, jobs };
}

/** The jobs a plan may take: approved, or assigned and not yet on the way to the pickup. */
export function planCandidates(live: TLiveMap) {
  const names = new Map(live.drivers.map((d) => [d._id, d.name]));
  return live.jobs
    .filter((j) => j.status === 'approved' || j.status === 'assigned')
    .map((j) => ({
      deliveryId: j._id,
      trackingNumber: j.trackingNumber,
      assigned: j.driverId !== null,
      stat: j.priority === 'stat',
      driverName: j.driverId ? (names.get(j.driverId) ?? null) : null,
    }));
}

/** STAT jobs approved and waiting for a driver: the ones to offer an insertion into a running route. */
export function statWaiting(live: TLiveMap) {
  return live.jobs
    .filter((j) => j.priority === 'stat' && j.status === 'approved' && !j.driverId)
    .map((j) => ({ deliveryId: j._id, trackingNumber: j.trackingNumber, address: j.pickup.address }));
}

/** Whether a stop can be drawn. */
export const onMap = (stop: { lat: number; lng: number }) => Number.isFinite(stop.lat) && Number.isFinite(stop.lng);
