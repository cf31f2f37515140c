import { App, Button, Result } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { QueryState } from '@/components/query-state';
import { RequireLogin } from '@/components/require-login';
import { errorMessage } from '@/lib/api-client';
import type { LoginSession } from '@/lib/login-session';
import { paths } from '@/lib/paths';
import { bindWechat } from '../api/bind-account';
import { useProfile } from '../api/get-profile';
import { WechatIdentityList } from './wechat-identity-list';
import styles from './account.module.css';

function BindWechat({ session }: { session: LoginSession }) {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const query = useProfile(session.token);
  const [busy, setBusy] = useState<string>();
  if (session.kind === 'Wechat') {
    return (
      <div className={styles.panel}>
        <h1 className={styles.heading}>绑定微信</h1>
        <Result
          status="info"
          title="您正在使用微信登录"
          subTitle="如需将当前微信身份绑定到手机号码账号，请使用“绑定手机账号”。"
          extra={
            <Button type="primary" onClick={() => void navigate(paths.bindMobile)}>
              去绑定手机账号
            </Button>
          }
        />
      </div>
    );
  }
  return (
    <div className={styles.panel}>
      <h1 className={styles.heading}>绑定微信</h1>
      <QueryState query={query} size="page">
        {(profile) =>
          profile.Nickname ? (
            <Result status="success" title="已绑定微信" subTitle={`当前账号已绑定微信“${profile.Nickname}”`} />
          ) : (
            <>
              <p className={styles.lead}>
                选择要绑定到手机号码 {profile.Mobile} 的微信身份；绑定后可使用该微信登录本账号。
              </p>
              <WechatIdentityList
                actionText="绑定"
                busyOpenId={busy}
                disabled={(identity) => identity.Bound}
                onPick={(identity) => {
                  setBusy(identity.OpenId);
                  bindWechat({ OpenId: identity.OpenId })
                    .then(async (next) => {
                      await query.mutate(next, { revalidate: false });
                      void message.success('绑定成功');
                    })
                    .catch((failure: unknown) => void message.error(errorMessage(failure)))
                    .finally(() => setBusy(undefined));
                }}
              />
            </>
          )
        }
      </QueryState>
    </div>
  );
}

/** Bind a chat-app identity to the logged-in mobile account (spec §2.1 grzx/bdwx). */
export default function BindWechatPage() {
  return <RequireLogin>{(session) => <BindWechat session={session} />}</RequireLogin>;
}
