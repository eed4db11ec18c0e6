import { landingPathFor, type TRole } from '@courier/contract';
import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { type TLoginState, useSession, wasLoggedOut } from '@/lib/session';

export type { TLoginState } from '@/lib/session';

/** Signed-in routes: both a user and a token must be stored, else /auth/login remembering this page. */
export function RequireAuth() {
  const { isAuthenticated } = useSession();
  const location = useLocation();
  if (!isAuthenticated) {
    // After a deliberate logout the next login starts from its role's landing page.
    const state: TLoginState | undefined = wasLoggedOut() ? undefined : { from: location };
    return <Navigate to={paths.auth.login} replace state={state} />;
  }
  return <Outlet />;
}

/** Role areas: any other role goes to its own landing path. Sits inside RequireAuth. */
export function RequireRole({ allow }: { allow: readonly TRole[] }) {
  const { role } = useSession();
  if (!role || !allow.includes(role)) return <Navigate to={landingPathFor(role)} replace />;
  return <Outlet />;
}
