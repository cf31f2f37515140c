import { App, Spin } from 'antd';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '@/lib/api-client';
import { setLogoutFlag, storeLogin } from '@/lib/login-session';
import { clearAllStorage } from '@/lib/storage';
import { exchangeLoginToken } from '../api/exchange-login-token';
import { oldSiteEntryTarget } from '../old-site-entry';
import styles from './account.module.css';

/**
 * The entry from the old site (spec §4 /newszxy). With a logintoken the login it stands for is
 * stored and the page named by pageType opens; without one, all local and session storage is
 * cleared, the logout flag set, and the page opens logged out. pageType is allow-listed.
 */
export default function OldSiteEntryPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { message } = App.useApp();
  // The logintoken is single-use: a second run (React's strict mode) must not spend it again.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const target = oldSiteEntryTarget(params);
    const loginToken = (params.get('logintoken') ?? '').trim();
    const go = () => void navigate(target, { replace: true });
    if (!loginToken) {
      clearAllStorage();
      setLogoutFlag();
      go();
      return;
    }
    exchangeLoginToken(loginToken)
      .then((result) => storeLogin(result))
      .catch((error: unknown) => void message.error(errorMessage(error)))
      .finally(go);
  }, [params, navigate, message]);

  return (
    <div className={styles.centeredPage} aria-busy="true">
      <Spin size="large" description="正在进入信用门户…" />
    </div>
  );
}
