import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { forgetDeliveryCache } from '@/lib/forget-delivery-cache';
import { clearSession, getRefreshToken } from '@/lib/session';

/** Tells the server to revoke the refresh token; the session ends locally whatever it answers. */
export function logout(): Promise<unknown> {
  const refreshToken = getRefreshToken();
  if (!refreshToken) return Promise.resolve();
  return api.post('/v1/auth/logout', { refreshToken }).catch(() => undefined);
}

/** Logout (layout, profile menu, account deletion): revoke, clear the session and cached data, go to /auth/login. */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return async () => {
    void logout();
    clearSession({ reason: 'logout' });
    forgetDeliveryCache();
    queryClient.clear();
    await navigate(paths.auth.login, { replace: true });
  };
}
