import { Link } from 'react-router';
import { saveReturnPath } from '@/lib/login-session';
import { paths } from '@/lib/paths';
import styles from './login-prompt.module.css';

interface LoginPromptProps {
  /** What the login opens, after 登录后即可 (e.g. 查询红黑名单). */
  purpose: string;
  /** Where the login pages bring the user back to. */
  returnTo: string;
}

/**
 * The one way a page tells a visitor who has not logged in that it needs a login: what the login
 * opens, a link to the login that comes back here, and what 实名登录 means on this portal — the
 * portal's own account, nothing else to verify.
 */
export function LoginPrompt({ purpose, returnTo }: LoginPromptProps) {
  return (
    <div className={styles.loginPrompt} role="note">
      <p>
        请先
        <Link to={paths.scanLogin} onClick={() => saveReturnPath(returnTo)}>
          实名登录
        </Link>
        ，登录后即可{purpose}。
      </p>
      <p className={styles.explain}>
        实名登录即用本网站账号登录：以手机号码和密码登录，或用微信扫码登录。账号以实名登记的手机号码注册，无需另行认证。
      </p>
    </div>
  );
}
