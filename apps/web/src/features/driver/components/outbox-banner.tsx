import { CloudOff, RefreshCw } from 'lucide-react';
import { useOnline, useOutboxSync, useQueuedMoves } from '../lib/use-outbox';

/** The driver area's line about the network: offline, and how many updates wait on this phone. */
export function OutboxBanner() {
  useOutboxSync();
  const online = useOnline();
  const waiting = useQueuedMoves().length;
  if (online && waiting === 0) return null;
  const updates = waiting === 1 ? '1 update' : `${waiting} updates`;
  return (
    <output
      data-testid="outbox-banner"
      className={`flex items-center gap-2 px-4 py-2 text-sm font-medium ${online ? 'bg-amber-100 text-amber-900' : 'bg-slate-800 text-white'}`}
    >
      {online ? (
        <RefreshCw aria-hidden="true" className="size-4 shrink-0 animate-spin" />
      ) : (
        <CloudOff aria-hidden="true" className="size-4 shrink-0" />
      )}
      {online
        ? `Sending ${updates} saved on this phone…`
        : waiting > 0
          ? `Offline: ${updates} saved on this phone, sent when the network returns.`
          : 'Offline: what you do is saved on this phone and sent when the network returns.'}
    </output>
  );
}
