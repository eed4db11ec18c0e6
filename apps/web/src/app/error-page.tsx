import { MESSAGES } from '@courier/contract';
import { CircleAlert, MapPinOff } from 'lucide-react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { paths } from '@/config/paths';

function describe(error: unknown): { notFound: boolean; message: string } {
  if (isRouteErrorResponse(error)) {
    const detail = typeof error.data === 'string' && error.data ? error.data : (error.data as { message?: string } | null)?.message;
    return { notFound: error.status === 404, message: detail || error.statusText || `Error ${error.status}` };
  }
  if (error instanceof Error) return { notFound: false, message: error.message };
  return { notFound: false, message: typeof error === 'string' ? error : '' };
}

/** errorElement for the routes: 404 gets 'Page Not Found', anything else its message. */
export function ErrorPage() {
  const { notFound, message } = describe(useRouteError());
  const Icon = notFound ? MapPinOff : CircleAlert;
  return (
    <section className="flex min-h-[60vh] items-center justify-center px-4 py-16">
      <div className="w-full max-w-md text-center">
        <div className="mx-auto flex size-16 items-center justify-center rounded-2xl bg-brand-50 text-brand-600 ring-1 ring-brand-100">
          <Icon aria-hidden="true" className="size-8" />
        </div>
        {notFound && <p className="mt-6 text-sm font-semibold tracking-widest text-brand-600">404</p>}
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900">{notFound ? MESSAGES.notFoundTitle : MESSAGES.errorTitle}</h1>
        <p className="mt-3 break-words text-slate-600">{notFound ? MESSAGES.notFoundText : message}</p>
        <Link to={paths.home} className={buttonClass({ className: 'mt-8' })}>
          {MESSAGES.returnHome}
        </Link>
      </div>
    </section>
  );
}
