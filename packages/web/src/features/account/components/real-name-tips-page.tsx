import { MESSAGES } from '@credit-portal/shared';
import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { paths } from '@/lib/paths';

/**
 * xyfw/wwfwgb/tipspage: where the not-logged-in rule of spec §7 lands (api-client.ts sends the
 * user here when an answer says 用户未登录！). Explains why and offers the way back in.
 */
export default function RealNameTipsPage() {
  const navigate = useNavigate();
  return (
    <Result
      status="warning"
      title={MESSAGES.notRealNameLoggedIn}
      subTitle="该服务涉及信用信息，需要实名登录后办理。请使用手机扫码完成实名登录，登录后可返回继续办理。"
      extra={[
        <Button key="login" type="primary" size="large" onClick={() => navigate(paths.scanLogin)}>
          扫码登录
        </Button>,
        <Button key="home" size="large" onClick={() => navigate(paths.home)}>
          返回首页
        </Button>,
      ]}
    />
  );
}
