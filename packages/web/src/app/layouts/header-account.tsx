import { App } from 'antd';
import { LoginOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { MESSAGES } from '@credit-portal/shared';
import { Link, useNavigate } from 'react-router';
import { markLoggedOut, oldSiteLogoutUrl, oldSitePersonalUrl, storedToken, useLoginSession } from '@/lib/login-session';
import { paths } from '@/lib/paths';
import { useRuntimeConfig } from '@/lib/runtime-config';

interface HeaderAccountProps {
  /** Class of each link and button. */
  linkClassName?: string;
  /** Called after a navigation inside the app (the drawer closes itself). */
  onNavigate?: () => void;
}

/**
 * The header's login links (spec §2.1, §6): 登录 for visitors; for a logged-in user the mobile
 * number or chat-app nickname linking to the old site's personal centre, the in-portal
 * personal centre, and 退出. Logout asks first (spec §5), sets the logout flag so that other
 * tabs log out too, and goes to the old site's logout address with the token (spec §4).
 */
export function HeaderAccount({ linkClassName, onNavigate }: HeaderAccountProps) {
  const session = useLoginSession();
  const { oldSiteUrl } = useRuntimeConfig();
  const { modal } = App.useApp();
  const navigate = useNavigate();

  if (!session) {
    return (
      <Link to={paths.scanLogin} className={linkClassName} onClick={onNavigate}>
        <LoginOutlined aria-hidden /> 登录
      </Link>
    );
  }

  const logout = () => {
    const url = oldSiteLogoutUrl(oldSiteUrl, storedToken() ?? session.token);
    markLoggedOut(Boolean(url));
    onNavigate?.();
    if (url) window.location.assign(url);
    else void navigate(paths.home);
  };

  const confirmLogout = () => {
    modal.confirm({
      title: MESSAGES.logoutTitle,
      content: MESSAGES.logoutConfirm,
      okText: '确定',
      cancelText: '取消',
      onOk: logout,
    });
  };

  const personal = oldSitePersonalUrl(oldSiteUrl, session.token);
  return (
    <>
      {personal ? (
        <a href={personal} className={linkClassName} title="个人资料（原网站）">
          <UserOutlined aria-hidden /> {session.displayName}
        </a>
      ) : (
        <Link to={paths.personal} className={linkClassName} onClick={onNavigate}>
          <UserOutlined aria-hidden /> {session.displayName}
        </Link>
      )}
      <Link to={paths.personal} className={linkClassName} onClick={onNavigate}>
        个人中心
      </Link>
      <button type="button" className={linkClassName} onClick={confirmLogout}>
        <LogoutOutlined aria-hidden /> 退出
      </button>
    </>
  );
}
