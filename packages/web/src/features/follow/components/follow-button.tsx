import HeartFilled from '@ant-design/icons-svg/es/asn/HeartFilled';
import HeartOutlined from '@ant-design/icons-svg/es/asn/HeartOutlined';
import { useState } from 'react';
import { Link } from 'react-router';
import { LiteButton } from '@/components/lite/lite-button';
import { errorMessage } from '@/lib/api-client';
import { useLoginSession } from '@/lib/login-session';
import { paths } from '@/lib/paths';
import { useFeedback } from '@/lib/feedback';
import { useFollowChange } from '../api/change-follow';
import { useFollowState } from '../api/get-follow-state';
import styles from './follow.module.css';

/**
 * 关注 / 已关注 on an entity's details page (信用关注): a toggle button (aria-pressed)
 * for the logged-in user, with how many of FOLLOW_LIMIT they follow and the way to 个人中心's list.
 * antd's look without its script (components/lite/): the details page it sits on loads no antd.
 */
export default function FollowButton({ entityId }: { entityId: string }) {
  const session = useLoginSession();
  if (!session) return null;
  return <Toggle token={session.token} entityId={entityId} />;
}

function Toggle({ token, entityId }: { token: string; entityId: string }) {
  const state = useFollowState(token, entityId);
  const { message } = useFeedback();
  const change = useFollowChange();
  const [busy, setBusy] = useState(false);
  const following = state.data?.Following ?? false;

  const toggle = async () => {
    setBusy(true);
    try {
      const next = following ? await change.unfollow(entityId) : await change.follow(entityId);
      await state.mutate(next, { revalidate: false });
      void message.success(next.Following ? '已关注，有新的信用信息公示时将在个人中心提醒您' : '已取消关注');
    } catch (error) {
      void message.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  if (state.error && !state.data) return null;
  return (
    <span className={styles.followBox}>
      <LiteButton
        type={following ? 'default' : 'primary'}
        icon={following ? HeartFilled : HeartOutlined}
        aria-pressed={following}
        loading={busy || state.isLoading}
        onClick={() => void toggle()}
      >
        {following ? '已关注' : '关注'}
      </LiteButton>
      {state.data ? (
        <Link to={paths.follows} className={styles.followCount}>
          已关注 {state.data.Count}/{state.data.Limit}
        </Link>
      ) : null}
    </span>
  );
}
