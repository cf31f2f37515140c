import { Button, Descriptions } from 'antd';
import { useNavigate } from 'react-router';
import { QueryState } from '@/components/query-state';
import { RequireLogin } from '@/components/require-login';
import { formatServerTime } from '@/lib/format';
import type { LoginSession } from '@/lib/login-session';
import { paths } from '@/lib/paths';
import { useProfile } from '../api/get-profile';
import { useOldSitePersonal } from '../hooks/use-old-site-personal';
import styles from './account.module.css';

function MyCenter({ session }: { session: LoginSession }) {
  const query = useProfile(session.token);
  const navigate = useNavigate();
  const oldSite = useOldSitePersonal();
  return (
    <div className={styles.panel}>
      <h1 className={styles.heading}>我的账号</h1>
      <QueryState query={query} size="page">
        {(profile) => (
          <>
            <Descriptions
              bordered
              column={1}
              items={[
                { key: 'type', label: '登录方式', children: profile.LoginType === 'User' ? '手机号码账号' : '微信' },
                { key: 'mobile', label: '手机号码', children: profile.Mobile || '未绑定' },
                { key: 'nickname', label: '微信昵称', children: profile.Nickname || '未绑定' },
                { key: 'registered', label: '注册时间', children: profile.RegisteredAt || '—' },
                {
                  key: 'expires',
                  label: '本次登录有效期至',
                  children: formatServerTime(profile.TokenExpiresAt, 'minute'),
                },
              ]}
            />
            <div className={styles.actions}>
              {profile.LoginType === 'User' && !profile.Nickname ? (
                <Button type="primary" onClick={() => void navigate(paths.bindWechat)}>
                  绑定微信
                </Button>
              ) : null}
              {profile.LoginType === 'Wechat' && !profile.Mobile ? (
                <Button type="primary" onClick={() => void navigate(paths.bindMobile)}>
                  绑定手机账号
                </Button>
              ) : null}
              {oldSite.available ? (
                <Button loading={oldSite.busy} onClick={() => void oldSite.open()}>
                  个人资料（原网站）
                </Button>
              ) : null}
            </div>
          </>
        )}
      </QueryState>
    </div>
  );
}

/** My account (spec §2.1 grzx/myCenter): login type, mobile number, chat-app nickname, binding and token expiry. */
export default function MyCenterPage() {
  return <RequireLogin>{(session) => <MyCenter session={session} />}</RequireLogin>;
}
