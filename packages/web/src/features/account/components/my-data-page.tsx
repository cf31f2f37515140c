import { Alert, Button, Descriptions, Spin, Table, message } from 'antd';
import {
  CONSENT_PURPOSE_LABELS,
  MY_AUDIT_EVENT_LABELS,
  MY_AUDIT_PARTY_LABELS,
  formatBeijingTime,
  maskPhone,
  type MyData,
  type MySession,
} from '@credit-portal/shared';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { RequireLogin } from '@/components/require-login';
import { errorMessage } from '@/lib/api-client';
import type { LoginSession } from '@/lib/login-session';
import { paths } from '@/lib/paths';
import { saveFile } from '@/lib/save-file';
import { downloadMyDataPdf, endSession, useMyData } from '../api/my-data';
import styles from './my-data.module.css';

const time = (iso: string): string => formatBeijingTime(new Date(iso));
const yesNo = (value: boolean): string => (value ? '是' : '否');

/** A table of one kind of record: small, unpaged, scrolling sideways on a phone. */
function Records<T extends object>({
  title,
  rows,
  columns,
  rowKey,
}: {
  title: string;
  rows: readonly T[];
  columns: { title: string; render: (row: T) => ReactNode }[];
  rowKey: (row: T, index: number) => string;
}) {
  return (
    <section aria-label={title}>
      <h2 className={styles.section}>{title}</h2>
      <Table<T>
        size="small"
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={[...rows]}
        rowKey={(row) => rowKey(row, rows.indexOf(row))}
        locale={{ emptyText: '暂无' }}
        columns={columns.map((column, index) => ({
          key: index,
          title: column.title,
          render: (_v, row) => column.render(row),
        }))}
      />
    </section>
  );
}

/** The account's logins, each other one with its 结束. */
function Sessions({ sessions, onEnded }: { sessions: readonly MySession[]; onEnded: () => void }) {
  const [ending, setEnding] = useState<string | null>(null);
  const end = async (id: string) => {
    setEnding(id);
    try {
      await endSession(id);
      void message.success('已结束该登录');
      onEnded();
    } catch (error) {
      void message.error(errorMessage(error));
    } finally {
      setEnding(null);
    }
  };
  return (
    <Records<MySession>
      title="登录"
      rows={sessions}
      rowKey={(row) => row.Id}
      columns={[
        {
          title: '方式',
          render: (s) => `${s.LoginType === 'User' ? '手机号码' : '微信'}${s.ViaLink ? '（经链接）' : ''}`,
        },
        { title: '开始时间', render: (s) => time(s.CreatedAt) },
        { title: '最近使用', render: (s) => time(s.LastSeenAt) },
        {
          title: '操作',
          render: (s) =>
            s.Current ? (
              '当前登录'
            ) : (
              <Button size="small" danger loading={ending === s.Id} onClick={() => void end(s.Id)}>
                结束
              </Button>
            ),
        },
      ]}
    />
  );
}

/** Saves the copy as a JSON file: the whole of what the service answered (the number whole: it is the person's own). */
function saveJson(data: MyData): void {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  saveFile({ blob, fileName: '我的数据.json' }, 'my-data.json');
}

/** The copy on screen (the number masked), its downloads, and the way to 注销账号. */
export function MyDataView({ data, onChanged }: { data: MyData; onChanged: () => void }) {
  const [pdfBusy, setPdfBusy] = useState(false);
  const [pdfError, setPdfError] = useState('');
  const pdf = async () => {
    setPdfBusy(true);
    setPdfError('');
    try {
      saveFile(await downloadMyDataPdf(), '我的数据.pdf');
    } catch (error) {
      setPdfError(errorMessage(error));
    } finally {
      setPdfBusy(false);
    }
  };
  const mail = data.MailSettings;
  return (
    <>
      <div className={styles.actions}>
        <Button type="primary" onClick={() => saveJson(data)}>
          下载 JSON
        </Button>
        <Button loading={pdfBusy} onClick={() => void pdf()}>
          下载 PDF
        </Button>
      </div>
      {pdfError ? <Alert type="error" showIcon role="alert" title={pdfError} /> : null}
      <p className={styles.note}>下载的副本含完整手机号码，仅供本人保存，请勿转发他人。</p>

      <h2 className={styles.section}>账号</h2>
      <Descriptions
        size="small"
        column={1}
        bordered
        items={[
          { key: 'mobile', label: '手机号码', children: maskPhone(data.Profile.Mobile) },
          { key: 'registered', label: '注册时间', children: data.Profile.RegisteredAt },
          { key: 'wechat', label: '绑定微信', children: data.Wechat?.Nickname ?? '未绑定' },
        ]}
      />

      <Sessions sessions={data.Sessions} onEnded={onChanged} />

      <Records
        title="信用修复与异议申请"
        rows={data.Filings}
        rowKey={(f) => f.ApplyNo}
        columns={[
          { title: '申请编号', render: (f) => f.ApplyNo },
          { title: '企业', render: (f) => f.EntName },
          { title: '状态', render: (f) => f.Status },
          { title: '联系人', render: (f) => `${f.ContactName} ${maskPhone(f.ContactPhone)}` },
          { title: '材料（文件名）', render: (f) => f.Materials.join('、') || '无' },
        ]}
      />
      <Records
        title="信用承诺"
        rows={data.Promises}
        rowKey={(_p, i) => String(i)}
        columns={[
          { title: '企业', render: (p) => p.EntName },
          { title: '承诺类型', render: (p) => p.PromiseType },
          { title: '承诺日期', render: (p) => p.PromisedOn },
          { title: '状态', render: (p) => p.Status },
        ]}
      />
      <Records
        title="关联企业"
        rows={data.Entities}
        rowKey={(e) => e.CreditCode}
        columns={[
          { title: '企业', render: (e) => e.EntName },
          { title: '统一社会信用代码', render: (e) => e.CreditCode },
          { title: '身份', render: (e) => e.Role },
        ]}
      />
      <Records
        title="信用关注"
        rows={data.Follows}
        rowKey={(f) => f.CreditCode}
        columns={[
          { title: '企业', render: (f) => f.EntName },
          { title: '关注时间', render: (f) => f.FollowedAt },
        ]}
      />
      <p className={styles.note}>
        {mail
          ? `提醒邮箱：${mail.Email || '未填写'}（已确认：${yesNo(mail.EmailConfirmed)}；每日邮件提醒：${yesNo(mail.EmailDigest)}）`
          : '未设置关注邮件提醒'}
      </p>
      <Records
        title="出具的信用报告"
        rows={data.Reports}
        rowKey={(r) => r.ReportNo}
        columns={[
          { title: '报告编号', render: (r) => r.ReportNo },
          { title: '企业', render: (r) => r.EntName },
          { title: '出具时间', render: (r) => r.GeneratedAt },
        ]}
      />
      <Records
        title="同意记录"
        rows={data.Consents}
        rowKey={(_c, i) => String(i)}
        columns={[
          { title: '事项', render: (c) => CONSENT_PURPOSE_LABELS[c.purpose] },
          { title: '规则版本', render: (c) => c.version },
          { title: '同意时间', render: (c) => c.grantedAt },
          { title: '撤回时间', render: (c) => c.withdrawnAt ?? '—' },
        ]}
      />
      <Records
        title="与本账号有关的操作记录"
        rows={[...data.Audit.Records].reverse()}
        rowKey={(_r, i) => String(i)}
        columns={[
          { title: '时间', render: (r) => time(r.Time) },
          { title: '事项', render: (r) => MY_AUDIT_EVENT_LABELS[r.Event] ?? r.Event },
          { title: '操作方', render: (r) => MY_AUDIT_PARTY_LABELS[r.Actor] },
          { title: '结果', render: (r) => (r.Result === 'success' ? '成功' : '未成功') },
        ]}
      />
      <p className={styles.note}>
        自 {data.Audit.Since} 起的记录{data.Audit.Truncated ? '（仅列最近的记录）' : ''}
        ；更早的记录可向信用中心申请查阅。
      </p>

      <h2 className={styles.section}>注销账号</h2>
      <p className={styles.note}>
        不再使用本网站的，可 <Link to={paths.closeAccount}>注销账号</Link>。
      </p>
    </>
  );
}

function MyDataBody({ session }: { session: LoginSession }) {
  const { data, error, isLoading, mutate } = useMyData(session.token);
  if (isLoading) return <Spin description="正在读取我的数据…" />;
  if (error || !data) {
    return (
      <Alert
        type="error"
        showIcon
        role="alert"
        title={error ? errorMessage(error) : '暂时无法读取我的数据'}
        action={
          <Button size="small" onClick={() => void mutate()}>
            重试
          </Button>
        }
      />
    );
  }
  return <MyDataView data={data} onChanged={() => void mutate()} />;
}

/**
 * 我的数据 (grzx/wdsj): everything the portal holds about the account (PIPL Art. 45), on screen
 * with the number masked, and as JSON and PDF downloads that are the person's own copy.
 */
export default function MyDataPage() {
  return (
    <div className={styles.panel}>
      <h1 className={styles.heading}>我的数据</h1>
      <p className={styles.lead}>
        依据《个人信息保护法》第四十五条，您可以查阅、复制本网站保存的与您账号有关的个人信息：账号、登录、申请、关注、同意记录和操作记录。
      </p>
      <RequireLogin>{(session) => <MyDataBody session={session} />}</RequireLogin>
    </div>
  );
}
