import { Button, Result } from 'antd';
import { STORAGE_KEYS } from '@credit-portal/shared';
import { useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { LoginRedirectState } from '@/components/require-login';
import { safeInternalPath, useLoginSession } from '@/lib/login-session';
import { paths } from '@/lib/paths';
import { readStorage } from '@/lib/storage';
import { isMobileBrowser } from '@/lib/mobile-browser';
import styles from './account.module.css';

/** Why a page that needs a login sent the visitor here (the navigation's state); null when none did. */
export function useLoginReason(): LoginRedirectState['loginReason'] | null {
  const state = useLocation().state as Partial<LoginRedirectState> | null;
  const reason = state?.loginReason;
  return reason === 'expired' || reason === 'required' ? reason : null;
}

/** The page the login will return to (not taken: the login takes it), or null. */
const pendingReturnPath = (): string | null => safeInternalPath(readStorage(STORAGE_KEYS.returnPath, 'session'));

/**
 * The frame of the two login pages: the switch between QR-code and account login, and
 * registration. On a phone the account login comes first: a phone cannot scan its own screen.
 */
export function LoginFrame({ active, children }: { active: 'scan' | 'password'; children: ReactNode }) {
  const session = useLoginSession();
  const navigate = useNavigate();
  const [phone] = useState(isMobileBrowser);
  const [returning] = useState(() => pendingReturnPath() !== null);
  const tabs = [
    { key: 'scan', to: paths.scanLogin, label: '扫码登录' },
    { key: 'password', to: paths.passwordLogin, label: '账号登录' },
  ] as const;
  return (
    <div className={styles.loginPage}>
      <div className={styles.loginCard}>
        {/* The page's heading for screen readers and 读屏; the tabs show it to the eye. */}
        <h1 className="visually-hidden">{active === 'scan' ? '扫码登录' : '账号登录'}</h1>
        <nav className={styles.loginTabs} aria-label="登录方式">
          {(phone ? [...tabs].reverse() : tabs).map((tab) => (
            <Link
              key={tab.key}
              to={tab.to}
              className={styles.loginTab}
              aria-current={active === tab.key ? 'page' : undefined}
            >
              {tab.label}
            </Link>
          ))}
        </nav>
        <div className={styles.loginBody}>
          {session ? (
            <Result
              status="success"
              title="您已登录"
              subTitle={`当前账号：${session.displayName}`}
              extra={[
                <Button key="personal" type="primary" onClick={() => void navigate(paths.personal)}>
                  进入个人中心
                </Button>,
                <Button key="home" onClick={() => void navigate(paths.home)}>
                  返回首页
                </Button>,
              ]}
            />
          ) : (
            <>
              {returning ? <p className={styles.loginReturnNote}>登录后将返回您刚才访问的页面。</p> : null}
              {children}
            </>
          )}
        </div>
        <p className={styles.loginFooter}>
          还没有账号？<Link to={paths.register}>立即注册</Link>
          <span aria-hidden> · </span>
          忘记密码？<Link to={paths.resetPassword}>找回密码</Link>
        </p>
        <p className={styles.loginFooter}>
          <Link to={paths.privacy}>个人信息处理规则</Link>
        </p>
      </div>
    </div>
  );
}
