import { Button } from 'antd';
import { LogoutOutlined } from '@ant-design/icons';
import { H5_MESSAGES, MESSAGES, maskName, type H5UserInfo } from '@credit-portal/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useSWRConfig } from 'swr';
import { paths } from '@/lib/paths';
import { useFeedback } from '@/lib/feedback';
import { H5_SESSION_KEY } from '../api/get-session';
import { logout } from '../api/logout';
import { clearH5Tokens } from '../h5-storage';
import styles from './h5.module.css';

/** An SWR key of this login: the session's own, or any call keyed by its Infotoken. */
const ofLogin = (infotoken: string) => (key: unknown) =>
  Array.isArray(key) && (key[0] === H5_SESSION_KEY || key.includes(infotoken));

/**
 * The bar over the H5 pages with 退出登录 (spec §5's confirmation: 提示 / 您确定要退出登录?). 退出
 * revokes the Infotoken and every token made from it at the service, forgets the H5 tokens of
 * this browser and the person's data held in memory, and opens /h5/login. When the service cannot
 * be reached the browser forgets the login all the same; the token then ends with its lifetime.
 */
export function H5SessionBar({ user }: { user: H5UserInfo }) {
  const { modal, message } = useFeedback();
  const { mutate } = useSWRConfig();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);

  const leave = async () => {
    setLeaving(true);
    try {
      await logout(user.Infotoken);
    } catch {
      // Forgotten here all the same (above).
    }
    clearH5Tokens();
    navigate(paths.h5Login, { replace: true });
    message.success(H5_MESSAGES.loggedOut);
    // The person's data held in memory goes too.
    await mutate(ofLogin(user.Infotoken), undefined, { revalidate: false });
  };

  const confirm = () => {
    modal.confirm({
      title: MESSAGES.logoutTitle,
      content: MESSAGES.logoutConfirm,
      okText: '确定',
      cancelText: '取消',
      onOk: leave,
    });
  };

  return (
    <div className={styles.sessionBar}>
      <span>您好，{maskName(user.Name)}</span>
      <Button
        size="large"
        className={styles.logoutButton}
        icon={<LogoutOutlined aria-hidden />}
        loading={leaving}
        onClick={confirm}
      >
        退出登录
      </Button>
    </div>
  );
}
