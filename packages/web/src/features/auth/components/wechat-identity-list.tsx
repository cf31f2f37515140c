import { Avatar, Button } from 'antd';
import { WechatOutlined } from '@ant-design/icons';
import type { WechatIdentity } from '@credit-portal/shared';
import { QueryState } from '@/components/query-state';
import { useWechatIdentities } from '../api/get-wechat-identities';
import styles from './account.module.css';

interface WechatIdentityListProps {
  actionText: string;
  onPick: (identity: WechatIdentity) => void;
  /** The identity whose action is running. */
  busyOpenId?: string;
  /** Identities that may not be picked (bound ones, when binding). */
  disabled?: (identity: WechatIdentity) => boolean;
}

const HUES = [152, 200, 28, 280, 340, 95];

/**
 * The chat-app (微信) identities of this phone, as the chat app's authorization screen lists
 * them; picking one authorizes it for the portal.
 */
export function WechatIdentityList({ actionText, onPick, busyOpenId, disabled }: WechatIdentityListProps) {
  const query = useWechatIdentities();
  return (
    <QueryState query={query} skeletonRows={3}>
      {(identities) => (
        <ul className={styles.identities} aria-label="微信身份">
          {identities.map((identity, index) => (
            <li key={identity.OpenId} className={styles.identity}>
              <Avatar size={40} style={{ backgroundColor: `hsl(${HUES[index % HUES.length]} 55% 42%)` }} aria-hidden>
                {Array.from(identity.Nickname)[0]}
              </Avatar>
              <span className={styles.identityName}>
                {identity.Nickname}
                {identity.Bound ? <span className={styles.identityNote}>已绑定手机账号</span> : null}
              </span>
              <Button
                icon={<WechatOutlined aria-hidden />}
                loading={busyOpenId === identity.OpenId}
                disabled={disabled?.(identity) ?? false}
                onClick={() => onPick(identity)}
                aria-label={`${actionText}：${identity.Nickname}`}
              >
                {actionText}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}
