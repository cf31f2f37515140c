import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LazyResult } from '@/components/lazy-result';
import { errorMessage } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { unfollowByLink } from '../api/unfollow-by-link';
import { useFollowsChanged } from '../api/change-follow';
import styles from './follow.module.css';

type Outcome = { kind: 'done'; title: string; text: string } | { kind: 'failed'; text: string };

/**
 * The digest mail's one-click unfollow (issue 28): the signed token rides after the # (no server
 * logs it; the visit log drops `token`), is taken from the address as the page opens, and is sent
 * only when the person confirms — a mail scanner that opens the link ends nothing. No login needed.
 */
export default function UnfollowLinkPage() {
  const [params, setParams] = useSearchParams();
  // Read once, then dropped from the address bar (and so from the history and a shared screenshot).
  const [token] = useState(() => params.get('token') ?? '');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const followsChanged = useFollowsChanged();

  useEffect(() => {
    if (params.has('token')) setParams({}, { replace: true });
    // Once, as the page opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const confirm = async () => {
    setBusy(true);
    try {
      const { data, message } = await unfollowByLink(token);
      followsChanged();
      setOutcome({
        kind: 'done',
        title: data.Unfollowed ? '已取消关注' : message,
        text: data.Unfollowed ? `您将不再收到“${data.EntName}”的信用提醒。` : `“${data.EntName}”已不在您的关注列表中。`,
      });
    } catch (error) {
      setOutcome({ kind: 'failed', text: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  const back = (
    <span className={styles.resultLinks}>
      <Link to={paths.follows}>前往信用关注</Link>
      <Link to={paths.home}>返回首页</Link>
    </span>
  );

  if (!token) {
    return (
      <div className={styles.page}>
        <LazyResult status="warning" title="链接不完整" subTitle="请从提醒邮件中完整打开取消关注链接。" extra={back} />
      </div>
    );
  }
  if (outcome) {
    return (
      <div className={styles.page} role="status">
        {outcome.kind === 'done' ? (
          <LazyResult status="success" title={outcome.title} subTitle={outcome.text} extra={back} />
        ) : (
          <LazyResult status="error" title="无法取消关注" subTitle={outcome.text} extra={back} />
        )}
      </div>
    );
  }
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>取消信用关注</h1>
      <p className={styles.intro}>确认后，将不再收到该主体的信用提醒（站内提醒和邮件）。无需登录。</p>
      <Button type="primary" size="large" loading={busy} onClick={() => void confirm()}>
        确认取消关注
      </Button>
    </div>
  );
}
