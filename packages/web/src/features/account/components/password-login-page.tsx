import { STORAGE_KEYS } from '@credit-portal/shared';
import { useState } from 'react';
import { safeInternalPath, takeReturnPath } from '@/lib/login-session';
import { paths } from '@/lib/paths';
import { useRuntimeConfig } from '@/lib/runtime-config';
import { readStorage } from '@/lib/storage';
import { useCompleteLogin } from '../hooks/use-complete-login';
import { isMobileBrowser } from '@/lib/mobile-browser';
import { LoginFrame } from './login-frame';
import { PasswordLoginForm } from './password-login-form';
import { WechatAuthorizeButton } from './wechat-authorize-button';
import styles from './account.module.css';

/**
 * Account login (spec §2.1 grzx/userlogin): mobile number and password. On a phone, where the QR
 * code cannot be scanned, the chat app's own authorization is offered beside it (when the
 * deployment has one), coming back to the page that asked for the login.
 */
export default function PasswordLoginPage() {
  const complete = useCompleteLogin();
  const { wechatAuthorizeUrl } = useRuntimeConfig();
  const [phone] = useState(isMobileBrowser);
  return (
    <LoginFrame active="password">
      <PasswordLoginForm onLoggedIn={(result) => complete(result)} />
      {phone && wechatAuthorizeUrl ? (
        <div className={styles.otherLogin}>
          <p className={styles.otherLoginTitle}>其他登录方式</p>
          <WechatAuthorizeButton
            purpose="login"
            primary={false}
            returnTo={safeInternalPath(readStorage(STORAGE_KEYS.returnPath, 'session')) ?? paths.home}
            // The chat app's answer brings the way back itself: the stored one is used up.
            onLeave={() => void takeReturnPath()}
          >
            微信授权登录
          </WechatAuthorizeButton>
        </div>
      ) : null}
    </LoginFrame>
  );
}
