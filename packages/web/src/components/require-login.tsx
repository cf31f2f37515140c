import { App } from 'antd';
import { MESSAGES } from '@credit-portal/shared';
import { useEffect, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  clearLogin,
  hasStoredLoginInfo,
  isLoggingOut,
  saveReturnPath,
  useLoginSession,
  type LoginSession,
} from '@/lib/login-session';
import { paths } from '@/lib/paths';

/**
 * Renders its page only for a logged-in user (spec §4, §6). Without stored login info (or with
 * an expired token) it warns 登录失效，请重新登录, remembers the page and goes to QR-code login;
 * the login pages bring the user back.
 */
export function RequireLogin({ children }: { children: (session: LoginSession) => ReactNode }) {
  const session = useLoginSession();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const { message } = App.useApp();

  useEffect(() => {
    if (session || isLoggingOut()) return;
    // An expired login is still stored: forget it so that the header agrees.
    if (hasStoredLoginInfo()) clearLogin();
    void message.warning({ content: MESSAGES.loginExpired, key: 'login-expired' });
    saveReturnPath(`${pathname}${search}`);
    void navigate(paths.scanLogin, { replace: true });
  }, [session, pathname, search, navigate, message]);

  return session ? <>{children(session)}</> : null;
}
