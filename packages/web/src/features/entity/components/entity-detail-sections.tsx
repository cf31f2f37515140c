import { MESSAGES, type EntityDetailInfo, type RedBlackEntry } from '@credit-portal/shared';
import type { ReactNode } from 'react';
import { LicenceBlocks } from '@/components/licence-block';
import { LiteTag } from '@/components/lite/lite-tag';
import { SimpleEmpty } from '@/components/simple-empty';
import { PublicListStandingSection } from './public-list-standing';
import styles from './entity-details-page.module.css';

export function Section({
  id,
  title,
  count,
  children,
}: {
  id: string;
  title: string;
  count?: number;
  children: ReactNode;
}) {
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h2 id={id} className={styles.sectionTitle}>
        {title}
        {count !== undefined ? <span className={styles.count}>{count}</span> : null}
      </h2>
      {children}
    </section>
  );
}

export const nothing = (text: string = MESSAGES.noData) => <SimpleEmpty className={styles.empty} description={text} />;

/** 红名单 / 黑名单 standing: in force entries, black first. */
function RedBlackStatus({ entries }: { entries: readonly RedBlackEntry[] }) {
  if (entries.length === 0) return <p className={styles.clean}>该主体当前未被列入红名单或黑名单。</p>;
  return (
    <ul className={styles.cards}>
      {entries.map((entry, index) => (
        <li key={`${entry.ListName}-${index}`} className={styles.card}>
          <div className={styles.cardHead}>
            <LiteTag color={entry.ListType === 'black' ? 'error' : 'success'} variant="solid">
              {entry.ListType === 'black' ? '黑名单' : '红名单'}
            </LiteTag>
            <strong>{entry.ListName}</strong>
          </div>
          <dl className={styles.pairs}>
            <dt>列入原因</dt>
            <dd>{entry.Reason}</dd>
            <dt>认定部门</dt>
            <dd>{entry.Authority}</dd>
            <dt>列入日期</dt>
            <dd>{entry.IncludedOn}</dd>
            <dt>有效期至</dt>
            <dd>{entry.ValidUntil}</dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}

/**
 * What the portal publishes about an entity beyond its registration: licences, penalties in
 * publicity, red/black lists, the other public lists and promises. The details page and the H5
 * app's details of a person's own entity show the same sections (the H5 route row passes them in).
 */
export function DetailSections({ info }: { info: EntityDetailInfo }) {
  return (
    <>
      <Section id="licences" title="行政许可" count={info.Licences.length}>
        {info.Licences.length ? <LicenceBlocks blocks={info.Licences} defaultOpen={[]} /> : nothing()}
      </Section>
      <Section id="penalties" title="行政处罚" count={info.Penalties.length}>
        <p className={styles.note}>仅显示处于公示期内的行政处罚信息。</p>
        {info.Penalties.length ? (
          <ul className={styles.cards}>
            {info.Penalties.map((penalty) => (
              <li key={penalty.id} className={styles.card}>
                <div className={styles.cardHead}>
                  <strong>{penalty.CF_WSH}</strong>
                  {penalty.CF_ZT && penalty.CF_ZT !== '正常' ? (
                    <LiteTag color="processing">{penalty.CF_ZT}</LiteTag>
                  ) : null}
                </div>
                <dl className={styles.pairs}>
                  <dt>违法行为类型</dt>
                  <dd>{penalty.CF_WFXW}</dd>
                  <dt>处罚类别</dt>
                  <dd>{penalty.CF_CFLB}</dd>
                  <dt>处罚内容</dt>
                  <dd>{penalty.CF_NR}</dd>
                  <dt>处罚机关</dt>
                  <dd>{penalty.CF_CFJG}</dd>
                  <dt>处罚决定日期</dt>
                  <dd>{penalty.CF_JDRQ}</dd>
                  <dt>公示截止期</dt>
                  <dd>{penalty.CF_GSJZQ}</dd>
                </dl>
              </li>
            ))}
          </ul>
        ) : (
          nothing('公示期内无行政处罚信息')
        )}
      </Section>
      <Section id="red-black" title="红黑名单" count={info.RedBlack.length}>
        <RedBlackStatus entries={info.RedBlack} />
      </Section>
      <Section
        id="public-lists"
        title="公示名单"
        count={info.PublicLists.reduce((sum, list) => sum + list.Entries.length, 0)}
      >
        <p className={styles.note}>本主体在信用门户各公示名单中的记录，与企业信用报告、专项信用报告所载一致。</p>
        <PublicListStandingSection lists={info.PublicLists} />
      </Section>
      <Section id="promises" title="信用承诺" count={info.Promises.length}>
        {info.Promises.length ? (
          <ul className={styles.cards}>
            {info.Promises.map((promise) => (
              <li key={promise.ID} className={styles.card}>
                <div className={styles.cardHead}>
                  <LiteTag color="blue">{promise.PromiseType}</LiteTag>
                  <span className={styles.cardDate}>承诺日期 {promise.PromiseDate}</span>
                </div>
                <p className={styles.promiseText}>{promise.Content}</p>
                <p className={styles.promiser}>承诺人：{promise.Promiser}</p>
              </li>
            ))}
          </ul>
        ) : (
          nothing()
        )}
      </Section>
    </>
  );
}
