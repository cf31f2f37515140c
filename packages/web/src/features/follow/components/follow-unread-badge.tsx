import { useLoginSession } from '@/lib/login-session';
import { useFollowNotices } from '../api/get-follow-notices';
import styles from './follow.module.css';

/** How many 信用关注 notices are unread, shown on 个人中心's entry; nothing when none. */
export default function FollowUnreadBadge() {
  const session = useLoginSession();
  if (!session) return null;
  return <Unread token={session.token} />;
}

function Unread({ token }: { token: string }) {
  // The first page's answer, shared with 信用关注's own first page.
  const { data } = useFollowNotices(token, 1);
  if (!data || data.Unread === 0) return null;
  return <span className={styles.unreadBadge}>{data.Unread}条未读提醒</span>;
}
