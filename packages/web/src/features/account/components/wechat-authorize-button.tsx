import { Button } from 'antd';
import { WechatOutlined } from '@ant-design/icons';
import { ACCOUNT_MESSAGES } from '@credit-portal/shared';
import { useState } from 'react';
import { useRuntimeConfig } from '@/lib/runtime-config';
import { beginWechatAuthorization, leaveForWechat, type WechatPurpose } from '../wechat-authorization';

interface WechatAuthorizeButtonProps {
  purpose: WechatPurpose;
  /** The path inside the app to come back to once the chat app has answered. */
  returnTo: string;
  /** 微信授权登录 or 授权绑定. */
  children: string;
  /** Called as the browser leaves for the chat app. */
  onLeave?: () => void;
  /** Drawn as the page's main action (default), or beside another (the account login's form). */
  primary?: boolean;
}

/**
 * Leaves for the chat app's authorization page (WECHAT_AUTHORIZE_URL) with a new state; the
 * chat app sends the browser back to the callback route. Without a configured page it says
 * 微信登录暂未开通 and does nothing.
 */
export function WechatAuthorizeButton({
  purpose,
  returnTo,
  children,
  onLeave,
  primary = true,
}: WechatAuthorizeButtonProps) {
  const { wechatAuthorizeUrl } = useRuntimeConfig();
  const [leaving, setLeaving] = useState(false);
  if (!wechatAuthorizeUrl) {
    return (
      <Button size="large" block disabled icon={<WechatOutlined aria-hidden />}>
        {ACCOUNT_MESSAGES.wechatUnavailable}
      </Button>
    );
  }
  return (
    <Button
      type={primary ? 'primary' : 'default'}
      size="large"
      block
      icon={<WechatOutlined aria-hidden />}
      loading={leaving}
      onClick={() => {
        setLeaving(true);
        onLeave?.();
        leaveForWechat(beginWechatAuthorization(wechatAuthorizeUrl, purpose, returnTo));
      }}
    >
      {children}
    </Button>
  );
}
