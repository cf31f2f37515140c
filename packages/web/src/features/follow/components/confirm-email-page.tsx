import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LazyResult } from '@/components/lazy-result';
import { errorMessage } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { confirmDigestEmail } from '../api/confirm-digest-email';
import { useFollowsChanged } from '../api/change-follow';
import styles from './follow.module.css';

type Outcome = { kind: 'done'; text: string } | { kind: 'failed'; text: string };

/**
 * The confirmation of 信用关注's digest address, opened from the mail sent to it: until its owner
 * confirms here, the address gets no digest (anyone can type anyone's address). The token rides
 * after the # (no server logs it; the visit log drops `token`), is taken from the address as the
 * page opens, and is sent only when the person clicks 确认接收 — a mail scanner that opens the
 * link confirms nothing. No login needed: the mail is the proof.
 */
export default function ConfirmEmailPage() {
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
      const { data } = await confirmDigestEmail(token);
      followsChanged();
      setOutcome({
        kind: 'done',
        text: `关注的主体有新公示的信用信息时，将向 ${data.Email} 每天最多发送一封提醒邮件；邮件中可一键取消关注。`,
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
        <LazyResult status="warning" title="链接不完整" subTitle="请从确认邮件中完整打开确认链接。" extra={back} />
      </div>
    );
  }
  if (outcome) {
    return (
      <div className={styles.page} role="status">
        {outcome.kind === 'done' ? (
          <LazyResult status="success" title="邮箱已确认" subTitle={outcome.text} extra={back} />
        ) : (
          <LazyResult status="error" title="无法确认邮箱" subTitle={outcome.text} extra={back} />
        )}
      </div>
    );
  }
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>确认接收信用关注提醒邮件</h1>
      <p className={styles.intro}>
        确认后，本邮箱将接收“信用关注”的每日提醒邮件（每天最多一封）。如非您本人申请，请直接关闭本页，不会发送任何提醒邮件。无需登录。
      </p>
      <Button type="primary" size="large" loading={busy} onClick={() => void confirm()}>
        确认接收
      </Button>
    </div>
  );
}
