import { Button, Result } from 'antd';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useLoginSession } from '@/lib/login-session';
import { paths } from '@/lib/paths';
import styles from './account.module.css';

/** The frame of the two login pages: the switch between QR-code and account login, and registration. */
export function LoginFrame({ active, children }: { active: 'scan' | 'password'; children: ReactNode }) {
  const session = useLoginSession();
  const navigate = useNavigate();
  return (
    <div className={styles.loginPage}>
      <div className={styles.loginCard}>
        {/* The page's heading for screen readers and 读屏; the tabs show it to the eye. */}
        <h1 className="visually-hidden">{active === 'scan' ? '扫码登录' : '账号登录'}</h1>
        <nav className={styles.loginTabs} aria-label="登录方式">
          <Link to={paths.scanLogin} className={styles.loginTab} aria-current={active === 'scan' ? 'page' : undefined}>
            扫码登录
          </Link>
          <Link
            to={paths.passwordLogin}
            className={styles.loginTab}
            aria-current={active === 'password' ? 'page' : undefined}
          >
            账号登录
          </Link>
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
            children
          )}
        </div>
        <p className={styles.loginFooter}>
          还没有账号？<Link to={paths.register}>立即注册</Link>
          <span aria-hidden> · </span>
          忘记密码？<Link to={paths.resetPassword}>找回密码</Link>
        </p>
      </div>
    </div>
  );
}
