import { LOGIN_REQUIRED_MESSAGE, MESSAGES } from '@credit-portal/shared';
import { useEffect, useState, type ReactNode } from 'react';
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
import { useFeedback } from '@/lib/feedback';
import { LoginPrompt } from './login-prompt';

/** Why a page sent the visitor to log in: the login pages read it from the navigation's state. */
export interface LoginRedirectState {
  loginReason: 'expired' | 'required';
}

interface RequireLoginProps {
  children: (session: LoginSession) => ReactNode;
  /**
   * For a visitor who has not logged in: what the login opens (登录后即可…), shown in the page
   * as the one login prompt instead of leaving for the login page. Pages the spec sends straight
   * to the login (entity details, §8) leave it out.
   */
  prompt?: string;
}

/**
 * Renders its page only for a logged-in user (spec §4, §6). A login that has run out (its info
 * still stored, or an expired token) warns 登录失效，请重新登录, remembers the page and goes to
 * QR-code login; the login pages bring the user back. A visitor who never logged in is told
 * 您尚未登录 instead, the rest the same — or, where the page names a `prompt`, the login prompt in
 * the page: 登录失效 is not said to someone who never logged in.
 */
export function RequireLogin({ children, prompt }: RequireLoginProps) {
  const session = useLoginSession();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const { message } = useFeedback();
  // Read once: whether this visit began with a login that has since run out.
  const [hadLogin] = useState(hasStoredLoginInfo);
  const showPrompt = !session && prompt !== undefined && !hadLogin;

  useEffect(() => {
    if (session || showPrompt || isLoggingOut()) return;
    // An expired login is still stored: forget it so that the header agrees.
    if (hasStoredLoginInfo()) clearLogin();
    const state: LoginRedirectState = { loginReason: hadLogin ? 'expired' : 'required' };
    void message.warning({
      content: hadLogin ? MESSAGES.loginExpired : LOGIN_REQUIRED_MESSAGE,
      key: 'login-expired',
    });
    saveReturnPath(`${pathname}${search}`);
    // The login page shows a phone the account login first (it cannot scan its own screen).
    void navigate(paths.scanLogin, { replace: true, state });
  }, [session, showPrompt, hadLogin, pathname, search, navigate, message]);

  if (session) return <>{children(session)}</>;
  return showPrompt ? <LoginPrompt purpose={prompt} returnTo={`${pathname}${search}`} /> : null;
}
