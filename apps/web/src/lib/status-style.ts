import {
  BadgeCheck,
  CircleCheckBig,
  CircleDot,
  Clock3,
  type LucideIcon,
  PackageCheck,
  PackageX,
  TriangleAlert,
  Truck,
  Undo2,
} from 'lucide-react';

/** Delivered green, in_transit blue, pending yellow, every other status grey. */
const BADGE_CLASSES: Record<string, string> = {
  delivered: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20',
  in_transit: 'bg-blue-50 text-blue-700 ring-blue-600/20',
  pending: 'bg-amber-50 text-amber-800 ring-amber-600/25',
};
const OTHER_BADGE = 'bg-slate-100 text-slate-700 ring-slate-500/20';

export const statusBadgeClass = (status: string): string => BADGE_CLASSES[status] ?? OTHER_BADGE;

/** Icons for delivered, in_transit, picked_up, approved and pending; a plain dot for the rest. */
const ICONS: Record<string, LucideIcon> = {
  delivered: CircleCheckBig,
  in_transit: Truck,
  picked_up: PackageCheck,
  approved: BadgeCheck,
  pending: Clock3,
  // Exceptions: a failed drop and its way back to the sender.
  failed_attempt: TriangleAlert,
  returning: Undo2,
  returned: PackageX,
};

export const statusIcon = (status: string): LucideIcon => ICONS[status] ?? CircleDot;

/** The timeline dot's colours follow the badge's. */
const ICON_CLASSES: Record<string, string> = {
  delivered: 'bg-emerald-100 text-emerald-700 ring-emerald-200',
  in_transit: 'bg-blue-100 text-blue-700 ring-blue-200',
  pending: 'bg-amber-100 text-amber-700 ring-amber-200',
  picked_up: 'bg-brand-100 text-brand-700 ring-brand-200',
  approved: 'bg-brand-100 text-brand-700 ring-brand-200',
  failed_attempt: 'bg-amber-100 text-amber-800 ring-amber-200',
  returning: 'bg-violet-100 text-violet-700 ring-violet-200',
};
export const statusIconClass = (status: string): string => ICON_CLASSES[status] ?? 'bg-slate-100 text-slate-500 ring-slate-200';
