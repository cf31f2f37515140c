import LoginOutlined from '@ant-design/icons-svg/es/asn/LoginOutlined';
import LogoutOutlined from '@ant-design/icons-svg/es/asn/LogoutOutlined';
import UserOutlined from '@ant-design/icons-svg/es/asn/UserOutlined';
import { MESSAGES } from '@credit-portal/shared';
import { Link, useNavigate } from 'react-router';
import { useOldSitePersonal } from '@/features/account/hooks/use-old-site-personal';
import { endSessionAtService } from '@/features/account/logout';
import { leaveForOldSite } from '@/features/account/old-site-navigation';
import { markLoggedOut, useLoginSession } from '@/lib/login-session';
import { paths } from '@/lib/paths';
import { useRuntimeConfig } from '@/lib/runtime-config';
import { useFeedback } from '@/lib/feedback';
import { Icon } from '@/components/lite/icon';

interface HeaderAccountProps {
  /** Class of each link and button. */
  linkClassName?: string;
  /** Called after a navigation inside the app (the drawer closes itself). */
  onNavigate?: () => void;
}

/**
 * The header's login links (spec §2.1, §6): 登录 for visitors; for a logged-in user the mobile
 * number or chat-app nickname opening the old site's personal centre, the in-portal personal
 * centre, and 退出. Logout asks first (spec §5), ends the session at the service (every token and
 * hand-off of it), sets the logout flag so that other tabs log out too, and goes to the old
 * site's logout address (spec §4) — with a one-time code of the session, never the token
 *.
 */
export function HeaderAccount({ linkClassName, onNavigate }: HeaderAccountProps) {
  const session = useLoginSession();
  const { oldSiteUrl } = useRuntimeConfig();
  const { modal } = useFeedback();
  const navigate = useNavigate();
  const personal = useOldSitePersonal();

  if (!session) {
    return (
      <Link to={paths.scanLogin} className={linkClassName} onClick={onNavigate}>
        <Icon icon={LoginOutlined} aria-hidden /> 登录
      </Link>
    );
  }

  const logout = async () => {
    const url = await endSessionAtService(oldSiteUrl, session.token);
    onNavigate?.();
    // Leaving this page: it does not ask to log in meanwhile (isLoggingOut).
    markLoggedOut(true);
    // Without an old-site page to go to (no old site, or no live session to end there): home.
    if (url) leaveForOldSite(url);
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

  return (
    <>
      {personal.available ? (
        <button
          type="button"
          className={linkClassName}
          title="个人资料（原网站）"
          aria-busy={personal.busy}
          disabled={personal.busy}
          onClick={() => void personal.open()}
        >
          <Icon icon={UserOutlined} aria-hidden /> {session.displayName}
        </button>
      ) : (
        <Link to={paths.personal} className={linkClassName} onClick={onNavigate}>
          <Icon icon={UserOutlined} aria-hidden /> {session.displayName}
        </Link>
      )}
      <Link to={paths.personal} className={linkClassName} onClick={onNavigate}>
        个人中心
      </Link>
      <button type="button" className={linkClassName} onClick={confirmLogout}>
        <Icon icon={LogoutOutlined} aria-hidden /> 退出
      </button>
    </>
  );
}
