import { COMPANY } from '@courier/contract';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { buttonClass } from '@/components/ui/button';
import { INSTALL_LATER_KEY, MOBILE_USER_AGENT, promptInstall, useInstallPrompt } from '../install-prompt';

function laterChosen(): boolean {
  try {
    return sessionStorage.getItem(INSTALL_LATER_KEY) !== null;
  } catch {
    return false;
  }
}

/**
 * 'Add to home screen' on phones and tablets: only when the browser offers installation
 * and the device is a phone or tablet. 'Later' hides it for this session.
 */
export function InstallBanner() {
  const offer = useInstallPrompt();
  const [later, setLater] = useState(laterChosen);
  const isMobile = typeof navigator !== 'undefined' && MOBILE_USER_AGENT.test(navigator.userAgent);

  if (!offer || later || !isMobile) return null;

  const postpone = () => {
    try {
      sessionStorage.setItem(INSTALL_LATER_KEY, 'true');
    } catch {
      // Without storage it still hides until the next page load.
    }
    setLater(true);
  };

  return (
    <section
      aria-label="Install app"
      className="fixed inset-x-0 top-0 z-[70] p-3 transition duration-300 ease-out starting:-translate-y-4 starting:opacity-0"
    >
      <div className="mx-auto flex max-w-lg items-center gap-3 rounded-2xl bg-slate-900 p-3 pl-4 text-white shadow-2xl ring-1 ring-white/10">
        <img src="/pwa-192x192.png" alt="" width={40} height={40} className="size-10 shrink-0 rounded-xl" />
        <div className="min-w-0 flex-1">
          <p className="text-sm font-semibold">Install {COMPANY.name}</p>
          <p className="truncate text-xs text-slate-300">Track deliveries from your home screen.</p>
        </div>
        <button
          type="button"
          onClick={postpone}
          className={buttonClass({ variant: 'ghost', size: 'sm', className: 'text-slate-300! hover:bg-white/10!' })}
        >
          Later
        </button>
        <button type="button" onClick={() => void promptInstall()} className={buttonClass({ variant: 'inverse', size: 'sm' })}>
          <Download aria-hidden="true" className="size-4" />
          Install
        </button>
      </div>
    </section>
  );
}
