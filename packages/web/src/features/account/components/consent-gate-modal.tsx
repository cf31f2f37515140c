import { Alert, Button, Modal } from 'antd';
import { PRIVACY_RULES_EFFECTIVE_DATE, PRIVACY_RULES_VERSION } from '@credit-portal/shared';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { AntdScope } from '@/components/antd-scope';
import { endSessionAtService } from '../logout';
import { leaveForOldSite } from '../old-site-navigation';
import { errorMessage } from '@/lib/api-client';
import { markLoggedOut } from '@/lib/login-session';
import { paths } from '@/lib/paths';
import { useRuntimeConfig } from '@/lib/runtime-config';
import { acceptConsent, useConsentStatus } from '../api/consent';
import styles from './account.module.css';

export interface ConsentGateModalProps {
  /** The login asked about. */
  token: string;
}

/**
 * The blocking question of consent-gate.tsx: no close button, no Esc, no click outside. 同意并继续
 * records the consent; 退出登录 ends the login; 注销账号 opens the page that closes the account.
 * The rules' page opens in place (the question waits there and comes back on the next page).
 * While the status is loading, or could not be read, nothing is shown: a failed check never locks
 * anyone out, and the next page asks again.
 */
export default function ConsentGateModal({ token }: ConsentGateModalProps) {
  const status = useConsentStatus(token);
  const navigate = useNavigate();
  const { oldSiteUrl } = useRuntimeConfig();
  const [busy, setBusy] = useState<'accept' | 'logout' | null>(null);
  const [failure, setFailure] = useState('');

  if (!status.data?.Required) return null;
  const first = status.data.AcceptedVersion === null;

  const accept = async () => {
    setFailure('');
    setBusy('accept');
    try {
      await status.mutate(await acceptConsent(PRIVACY_RULES_VERSION), { revalidate: false });
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(null);
    }
  };

  const logout = async () => {
    setBusy('logout');
    const url = await endSessionAtService(oldSiteUrl, token);
    markLoggedOut(true);
    if (url) leaveForOldSite(url);
    else void navigate(paths.home);
  };

  // Drawn beside the page, not in it: antd's configuration of its own.
  return (
    <AntdScope>
      <Modal
        open
        title={first ? '请阅读并同意个人信息处理规则' : '个人信息处理规则已更新'}
        closable={false}
        keyboard={false}
        mask={{ closable: false }}
        centered
        width={{ xs: '92vw', sm: '32rem' }}
        footer={
          <div className={styles.gateFooter}>
            <Button onClick={() => void logout()} loading={busy === 'logout'} disabled={busy === 'accept'}>
              不同意，退出登录
            </Button>
            <Button onClick={() => void navigate(paths.closeAccount)} disabled={busy !== null}>
              注销账号
            </Button>
            <Button type="primary" onClick={() => void accept()} loading={busy === 'accept'} autoFocus>
              同意并继续
            </Button>
          </div>
        }
      >
        <p className={styles.gateText}>
          {first
            ? '继续使用个人中心前，请阅读并同意'
            : `个人信息处理规则已更新为 ${PRIVACY_RULES_VERSION} 版（自 ${PRIVACY_RULES_EFFECTIVE_DATE} 起施行）。继续使用前，请阅读并同意`}
          <Link to={paths.privacy}>《个人信息处理规则》</Link>。
        </p>
        <p className={styles.gateText}>
          不同意的，可以退出登录（仍可浏览公开信息），或注销账号。
          {status.data.AcceptedVersion ? `您此前同意的是 ${status.data.AcceptedVersion} 版。` : ''}
        </p>
        {failure ? <Alert type="error" showIcon title={failure} role="alert" /> : null}
      </Modal>
    </AntdScope>
  );
}
