import { Button, Empty, Input, Switch, Tag } from 'antd';
import {
  FOLLOW_MESSAGES,
  FOLLOW_NOTICE_LABELS,
  FOLLOW_NOTICE_PAGE_SIZE,
  isEmailAddress,
  type FollowedEntity,
  type FollowList,
  type FollowNotice,
  type FollowSettings,
  type FollowSettingsRequest,
} from '@credit-portal/shared';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { PagedList } from '@/components/paged-list';
import { QueryState } from '@/components/query-state';
import { RequireLogin } from '@/components/require-login';
import { useListParams } from '@/hooks/use-list-params';
import { errorMessage } from '@/lib/api-client';
import type { LoginSession } from '@/lib/login-session';
import { licenceDetailsPath, paths, penaltyDetailsPath, withQuery } from '@/lib/paths';
import { useFeedback } from '@/lib/feedback';
import { useFollowChange } from '../api/change-follow';
import { useFollowList } from '../api/get-follow-list';
import { useFollowNotices } from '../api/get-follow-notices';
import { readFollowNotices } from '../api/read-follow-notices';
import { saveFollowSettings } from '../api/save-follow-settings';
import { withdrawMail } from '../api/withdraw-mail';
import styles from './follow.module.css';

const detailsOf = (id: string) => withQuery(paths.searchDetails, { id });

/** The public record a notice names, when it has a details page. */
function recordPath(notice: FollowNotice): string | null {
  if (notice.RecordId === null) return null;
  if (notice.Kind === 'licence') return licenceDetailsPath(notice.RecordId, notice.EntName);
  if (notice.Kind === 'penalty') return penaltyDetailsPath(notice.RecordId, notice.EntName);
  return null;
}

/** A 可申请信用修复 notice's link: the repair filing with its penalty chosen (as the mail's link). */
function repairPath(notice: FollowNotice): string | null {
  if (notice.Kind !== 'penalty_repairable' || notice.RecordId === null || notice.DocNo === null) return null;
  return withQuery(paths.creditRepairReport, { punishId: notice.RecordId, docNo: notice.DocNo });
}

/** Where the saved choice stands: an address waiting for its owner's confirmation, or confirmed. */
function MailStatus({
  settings,
  resending,
  onResend,
}: {
  settings: FollowSettings;
  resending: boolean;
  onResend: () => void;
}) {
  if (!settings.EmailDigest || !settings.Email) return null;
  if (settings.EmailConfirmed) {
    return (
      <p className={styles.mailStatus}>
        <Tag color="green">已确认</Tag>提醒邮件将发送至 {settings.Email}，每天最多一封。
      </p>
    );
  }
  return (
    <div className={styles.mailStatus}>
      <p>
        <Tag color="orange">待确认</Tag>确认邮件已发送至 {settings.Email}
        。请打开邮件中的链接并点击“确认接收”；确认之前，不会向该邮箱发送提醒邮件。
      </p>
      <Button size="small" loading={resending} onClick={onResend}>
        重新发送确认邮件
      </Button>
    </div>
  );
}

/** The daily digest mail: on with an address (confirmed by its owner through a mailed link), or off. */
function MailSettings({ list, onSaved }: { list: FollowList; onSaved: () => Promise<unknown> }) {
  const { message } = useFeedback();
  const [on, setOn] = useState(list.Settings.EmailDigest);
  const [email, setEmail] = useState(list.Settings.Email);
  const [repairable, setRepairable] = useState(list.Settings.RepairableNotice);
  const [problem, setProblem] = useState('');
  const [saving, setSaving] = useState<'form' | 'resend' | 'withdraw' | null>(null);
  const switchId = useId();
  const repairableId = useId();
  const emailId = useId();
  const problemId = useId();

  const send = async (choice: FollowSettingsRequest, by: 'form' | 'resend') => {
    setProblem('');
    setSaving(by);
    try {
      const { data, message: said } = await saveFollowSettings(choice);
      if (!data.EmailDigest) void message.success('已关闭邮件提醒');
      else if (data.EmailConfirmed) void message.success('已开启邮件提醒，每天最多发送一封');
      else if (said === FOLLOW_MESSAGES.confirmMailFailed) void message.warning(said);
      else void message.success(said);
      await onSaved();
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setSaving(null);
    }
  };

  // One click, as easy as the consent was (PIPL Art. 15): the mails stop and the address goes.
  const withdraw = async () => {
    setProblem('');
    setSaving('withdraw');
    try {
      const { message: said } = await withdrawMail();
      setOn(false);
      setEmail('');
      void message.success(said);
      await onSaved();
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setSaving(null);
    }
  };

  const save = async () => {
    const address = email.trim();
    if (on && !address) return setProblem(FOLLOW_MESSAGES.emailRequired);
    if (address && !isEmailAddress(address)) return setProblem(FOLLOW_MESSAGES.emailInvalid);
    await send({ EmailDigest: on, Email: address, RepairableNotice: repairable }, 'form');
  };

  return (
    <section className={styles.section} aria-labelledby={`${switchId}-title`}>
      <h2 id={`${switchId}-title`} className={styles.sectionTitle}>
        邮件提醒
      </h2>
      <p className={styles.note}>
        {'关注的主体有新公示的信用信息时，除在本页提醒外，还可每天最多发送一封汇总邮件；邮件中附有一键取消关注的链接。' +
          '首次填写或更换邮箱后，需在发送到该邮箱的确认邮件中点击“确认接收”。'}
      </p>
      <div className={styles.mailRow}>
        <label htmlFor={switchId} className={styles.switchLabel}>
          <Switch id={switchId} checked={on} onChange={setOn} />
          每日邮件提醒
        </label>
        <label htmlFor={emailId} className="visually-hidden">
          电子邮箱
        </label>
        <Input
          id={emailId}
          type="email"
          inputMode="email"
          autoComplete="email"
          className={styles.mailInput}
          placeholder="请输入接收提醒的电子邮箱"
          value={email}
          maxLength={254}
          status={problem ? 'error' : undefined}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? problemId : undefined}
          onChange={(event) => setEmail(event.target.value)}
          onPressEnter={() => void save()}
        />
        <Button type="primary" loading={saving === 'form'} onClick={() => void save()}>
          保存
        </Button>
      </div>
      <div className={styles.mailRow}>
        <label htmlFor={repairableId} className={styles.switchLabel}>
          <Switch
            id={repairableId}
            checked={repairable}
            onChange={setRepairable}
            aria-describedby={`${repairableId}-note`}
          />
          可申请信用修复提醒
        </label>
      </div>
      <p id={`${repairableId}-note`} className={styles.note}>
        开启后，关注的主体有行政处罚满最短公示期、可以申请信用修复时，将在本页提醒您，并向已确认的邮箱发送一封邮件（每条处罚只提醒一次）。与该主体关联的账号无论是否开启，都会收到此提醒。修改后请点击“保存”。
      </p>
      <MailStatus
        settings={list.Settings}
        resending={saving === 'resend'}
        onResend={() => void send({ EmailDigest: true, Email: list.Settings.Email }, 'resend')}
      />
      {list.Settings.EmailDigest || list.Settings.Email ? (
        <div className={styles.mailStatus}>
          <p className={styles.note}>
            开启邮件提醒即同意按<Link to={paths.privacy}>《个人信息处理规则》</Link>
            处理您的邮箱地址。撤回同意后，不再发送任何提醒邮件，并删除邮箱地址；每封提醒邮件中也附有撤回链接。
          </p>
          <Button danger loading={saving === 'withdraw'} onClick={() => void withdraw()}>
            撤回邮件提醒同意
          </Button>
        </div>
      ) : (
        <p className={styles.note}>
          开启邮件提醒即同意按<Link to={paths.privacy}>《个人信息处理规则》</Link>处理您的邮箱地址，可随时一键撤回。
        </p>
      )}
      {problem ? (
        <p id={problemId} role="alert" className={styles.problem}>
          {problem}
        </p>
      ) : null}
    </section>
  );
}

function FollowedRow({ entity, onUnfollow }: { entity: FollowedEntity; onUnfollow: (entity: FollowedEntity) => void }) {
  return (
    <li className={styles.entityRow}>
      <div className={styles.entityMain}>
        <Link to={detailsOf(entity.EntityId)} className={styles.entityName}>
          {entity.EntName}
        </Link>
        {entity.Unread > 0 ? <Tag color="red">{entity.Unread}条未读</Tag> : null}
        <span className={styles.entityMeta}>
          统一社会信用代码 {entity.CreditCode} · {entity.Status} · 关注于 {entity.FollowedAt.slice(0, 10)}
        </span>
      </div>
      <Button onClick={() => onUnfollow(entity)} aria-label={`取消关注${entity.EntName}`}>
        取消关注
      </Button>
    </li>
  );
}

function Followed({ token }: { token: string }) {
  const list = useFollowList(token);
  const change = useFollowChange();
  const { message } = useFeedback();

  const unfollow = async (entity: FollowedEntity) => {
    try {
      await change.unfollow(entity.EntityId);
      void message.success(`已取消关注${entity.EntName}`);
      await list.mutate();
    } catch (error) {
      void message.error(errorMessage(error));
    }
  };

  return (
    <QueryState query={list} size="page" skeletonRows={4}>
      {(data) => (
        <>
          <section className={styles.section} aria-labelledby="follow-entities">
            <h2 id="follow-entities" className={styles.sectionTitle}>
              关注的主体
              <span className={styles.count}>
                {data.totalCount}/{data.Limit}
              </span>
            </h2>
            {data.list.length === 0 ? (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={
                  <>
                    暂未关注任何主体。可在<Link to={paths.searchMore}>信用主体查询</Link>中打开主体详情，点击“关注”。
                  </>
                }
              />
            ) : (
              <ul className={styles.entityList}>
                {data.list.map((entity) => (
                  <FollowedRow key={entity.EntityId} entity={entity} onUnfollow={(e) => void unfollow(e)} />
                ))}
              </ul>
            )}
          </section>
          <MailSettings list={data} onSaved={() => list.mutate()} />
        </>
      )}
    </QueryState>
  );
}

function NoticeItem({ notice, onRead }: { notice: FollowNotice; onRead: (notice: FollowNotice) => void }) {
  const record = recordPath(notice);
  const repair = repairPath(notice);
  return (
    <li className={notice.Read ? styles.notice : `${styles.notice} ${styles.unread}`}>
      <div className={styles.noticeHead}>
        <Tag color={notice.Kind === 'red_list' ? 'success' : notice.Kind === 'licence' ? 'blue' : 'orange'}>
          {FOLLOW_NOTICE_LABELS[notice.Kind]}
        </Tag>
        {notice.Read ? null : <span className={styles.unreadMark}>未读</span>}
        <strong className={styles.noticeTitle}>{notice.Title}</strong>
      </div>
      <p className={styles.noticeDetail}>{notice.Detail}</p>
      <p className={styles.noticeMeta}>
        <Link to={detailsOf(notice.EntityId)}>{notice.EntName}</Link>
        <span>公示日期 {notice.PublishedOn}</span>
        {record ? <Link to={record}>查看公示信息</Link> : null}
        {repair ? <Link to={repair}>申请信用修复</Link> : null}
        {notice.Read ? null : (
          <Button type="link" size="small" className={styles.readButton} onClick={() => onRead(notice)}>
            标为已读
          </Button>
        )}
      </p>
    </li>
  );
}

function Notices({ token }: { token: string }) {
  const { page, go } = useListParams();
  const notices = useFollowNotices(token, page);
  const list = useFollowList(token);
  const { message } = useFeedback();
  const unread = notices.data?.Unread ?? 0;

  const read = async (which: { ids: string[] } | 'all') => {
    try {
      await readFollowNotices(which);
      await Promise.all([notices.mutate(), list.mutate()]);
    } catch (error) {
      void message.error(errorMessage(error));
    }
  };

  return (
    <section className={styles.section} aria-labelledby="follow-notices">
      <div className={styles.noticesHead}>
        <h2 id="follow-notices" className={styles.sectionTitle}>
          信用提醒
          {unread > 0 ? <span className={styles.count}>{unread}条未读</span> : null}
        </h2>
        {unread > 0 ? (
          <Button size="small" onClick={() => void read('all')}>
            全部标为已读
          </Button>
        ) : null}
      </div>
      <PagedList
        query={notices}
        page={page}
        pageSize={FOLLOW_NOTICE_PAGE_SIZE}
        onPageChange={(next) => go({ page: next })}
        summary={(total) => `共 ${total} 条提醒`}
      >
        {(items) => (
          <ul className={styles.noticeList}>
            {items.map((notice) => (
              <NoticeItem key={notice.id} notice={notice} onRead={(n) => void read({ ids: [n.id] })} />
            ))}
          </ul>
        )}
      </PagedList>
    </section>
  );
}

function FollowCentre({ session }: { session: LoginSession }) {
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>信用关注</h1>
      <p className={styles.intro}>
        关注的企业等信用主体有新的行政许可、行政处罚（含信用修复、异议处理结果）、红黑名单、经营异常或登记状态变更公示时，将在本页提醒您；与您账号关联的企业有行政处罚可以申请信用修复时，也会在本页提醒。
      </p>
      <Followed token={session.token} />
      <Notices token={session.token} />
    </div>
  );
}

/** 个人中心 › 信用关注: the followed entities with one-click unfollow, the notices, the mail choice. */
export default function FollowPage() {
  return (
    <RequireLogin prompt="查看和管理您关注的信用主体">{(session) => <FollowCentre session={session} />}</RequireLogin>
  );
}
