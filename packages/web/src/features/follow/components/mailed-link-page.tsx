import { Button } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LazyResult } from '@/components/lazy-result';
import { errorMessage } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { useFollowsChanged } from '../api/change-follow';
import styles from './follow.module.css';

/** What a mailed link's call did, as the page says it. */
export interface LinkOutcome {
  title: string;
  text: string;
}

type Outcome = ({ kind: 'done' } & LinkOutcome) | { kind: 'failed'; text: string };

export interface MailedLinkPageProps {
  heading: string;
  intro: ReactNode;
  /** The button that sends the token. */
  action: string;
  /** Says how to open the link whole, when the address holds no token. */
  incomplete: string;
  /** The title of a refusal (the service's message is its text). */
  failedTitle: string;
  /** Sends the token; what it did. */
  send: (token: string) => Promise<LinkOutcome>;
}

/**
 * A page a 信用关注 mail links to with a token (unfollow, the digest address's confirmation): the
 * token rides after the # (no server logs it; the visit log drops `token`), is taken from the
 * address as the page opens and dropped from the address bar (and so from the history and a shared
 * screenshot), and is sent only when the person presses the button — a mail scanner that opens
 * the link does nothing. No login needed: the mail is the proof. After a call, the cached follow
 * lists are reloaded, so 信用关注 shows what the link changed.
 */
export function MailedLinkPage({ heading, intro, action, incomplete, failedTitle, send }: MailedLinkPageProps) {
  const [params, setParams] = useSearchParams();
  const [token] = useState(() => params.get('token') ?? '');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const followsChanged = useFollowsChanged();

  useEffect(() => {
    if (params.has('token')) setParams({}, { replace: true });
    // Once, as the page opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const press = async () => {
    setBusy(true);
    try {
      const done = await send(token);
      followsChanged();
      setOutcome({ kind: 'done', ...done });
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
        <LazyResult status="warning" title="链接不完整" subTitle={incomplete} extra={back} />
      </div>
    );
  }
  if (outcome) {
    return (
      <div className={styles.page} role="status">
        {outcome.kind === 'done' ? (
          <LazyResult status="success" title={outcome.title} subTitle={outcome.text} extra={back} />
        ) : (
          <LazyResult status="error" title={failedTitle} subTitle={outcome.text} extra={back} />
        )}
      </div>
    );
  }
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>{heading}</h1>
      <p className={styles.intro}>{intro}</p>
      <Button type="primary" size="large" loading={busy} onClick={() => void press()}>
        {action}
      </Button>
    </div>
  );
}
