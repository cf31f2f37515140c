import type { LoginResult } from '@credit-portal/shared';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { storeLogin, takeReturnPath } from '@/lib/login-session';
import { paths } from '@/lib/paths';
import { useFeedback } from '@/lib/feedback';

/**
 * Finishes any login: stores it as spec §3 says, says so, and returns the user to the page
 * that sent them to log in (spec §4), else to the home page.
 */
export function useCompleteLogin() {
  const navigate = useNavigate();
  const { message } = useFeedback();
  return useCallback(
    (result: LoginResult, text = '登录成功') => {
      storeLogin(result);
      void message.success({ content: text, key: 'login-complete' });
      void navigate(takeReturnPath() ?? paths.home, { replace: true });
    },
    [navigate, message],
  );
}
