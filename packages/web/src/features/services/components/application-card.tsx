import { APPLICATION_STEP_LABELS, type Application, type ApplicationStep } from '@credit-portal/shared';
import { Steps, Tag, Timeline } from 'antd';
import { useWideScreen } from '@/hooks/use-media-query';
import { formatFileSize } from '@/lib/file-size';
import styles from './services.module.css';

/** The stages shown above the timeline; a rejection takes the approval's place. */
const STAGES: readonly ApplicationStep[] = ['submitted', 'accepted', 'reviewing', 'approved', 'completed'];

/** Where an application stands among the stages (antd Steps). */
function Stages({ application }: { application: Application }) {
  const wide = useWideScreen();
  const rejected = application.Steps.some((step) => step.Step === 'rejected');
  const stages = STAGES.map((stage) => (rejected && stage === 'approved' ? 'rejected' : stage));
  const reached = new Set(application.Steps.map((step) => step.Step));
  const current = Math.max(
    0,
    stages.findLastIndex((stage) => reached.has(stage)),
  );
  const done = current === stages.length - 1;
  return (
    <Steps
      size="small"
      orientation={wide ? 'horizontal' : 'vertical'}
      current={current}
      status={rejected && stages[current] === 'rejected' ? 'error' : done ? 'finish' : 'process'}
      items={stages.map((stage) => ({ title: APPLICATION_STEP_LABELS[stage] }))}
    />
  );
}

/**
 * One application: its number, status, what it is about, the decision once made, and every step
 * it took with time, handling unit and comment (antd Timeline, oldest first).
 */
export function ApplicationCard({ application }: { application: Application }) {
  const rejected = application.Status === 'rejected';
  return (
    <article className={styles.application} aria-labelledby={`apply-${application.ApplyNo}`}>
      <div className={styles.applicationHead}>
        <h3 id={`apply-${application.ApplyNo}`} className={styles.applicationNo}>
          {application.KindLabel} · 申请编号 {application.ApplyNo}
        </h3>
        <Tag
          color={
            rejected
              ? 'error'
              : application.Status === 'completed' || application.Status === 'approved'
                ? 'success'
                : 'processing'
          }
        >
          {application.StatusLabel}
        </Tag>
      </div>
      <p className={styles.meta}>
        {application.EntName}（{application.CreditCode}）· 处罚决定书文号 {application.CF_WSH}
      </p>
      <p className={styles.meta}>
        {application.Kind === 'repair' ? '修复用途' : '异议类型'}：{application.Purpose} · 联系人{' '}
        {application.ContactName} {application.ContactPhone} · 提交时间 {application.SubmittedAt}
      </p>
      {application.Materials.length > 0 ? (
        <p className={styles.meta}>
          申请材料：
          {application.Materials.map((material) => `${material.FileName}（${formatFileSize(material.Size)}）`).join(
            '、',
          )}
        </p>
      ) : null}
      {application.Result ? (
        <p className={rejected ? styles.resultRejected : styles.resultApproved} role="status">
          办理结果：{application.Result}
        </p>
      ) : null}
      <Stages application={application} />
      <Timeline className={styles.timeline} items={timelineItems(application)} />
    </article>
  );
}

/** The timeline's items: every step, and the signed 信用修复承诺书 right after the submission it came with. */
function timelineItems(application: Application) {
  const items = application.Steps.map((step, index) => ({
    key: `${step.Step}-${index}`,
    color: step.Step === 'rejected' ? 'red' : index === application.Steps.length - 1 ? 'blue' : 'green',
    content: (
      <div>
        <p className={styles.timelineHead}>
          <strong>{step.Label}</strong>
          <time className={styles.timelineTime}>{step.Time}</time>
        </p>
        <p className={styles.meta}>办理单位：{step.HandlingUnit}</p>
        {step.Comment ? <p className={styles.meta}>办理意见：{step.Comment}</p> : null}
      </div>
    ),
  }));
  const promise = application.Promise;
  if (!promise) return items;
  items.splice(1, 0, {
    key: 'promise',
    color: 'green',
    content: (
      <div>
        <p className={styles.timelineHead}>
          <strong>签署信用修复承诺书</strong>
          <time className={styles.timelineTime}>{promise.SignedAt}</time>
        </p>
        <p className={styles.meta}>承诺人：{promise.Signer}</p>
        <p className={styles.meta}>
          承诺书版本 {promise.Version} · 文本 SHA-256 {promise.TextSha256.slice(0, 12)}…
        </p>
      </div>
    ),
  });
  return items;
}
