import type { ContentListItem } from '@credit-portal/shared';
import { QueryState } from '@/components/query-state';
import { RichText } from '@/components/rich-text';
import { WidgetBoundary } from '@/components/widget-boundary';
import { useLeaders } from '../api/get-leaders';
import { useRecordDetail } from '../api/get-record-detail';
import { useSectionRecords } from '../api/get-section-records';
import { SectionDocument } from './section-document';
import styles from './about.module.css';

function Leaders() {
  const query = useLeaders();
  return (
    <QueryState query={query} isEmpty={(leaders) => leaders.length === 0}>
      {(leaders) => (
        <ul className={styles.leaders}>
          {leaders.map((leader) => (
            <li key={leader.record_id} className={styles.leader}>
              <img
                className={styles.photo}
                src={leader.extra?.photo ?? leader.image_url}
                alt={`${leader.content_title}照片`}
                loading="lazy"
                width={96}
                height={128}
              />
              <div>
                <h3 className={styles.leaderName}>{leader.content_title}</h3>
                {leader.extra?.title ? <span className={styles.leaderTitle}>{leader.extra.title}</span> : null}
                {leader.extra?.position ? <p className={styles.leaderPosition}>{leader.extra.position}</p> : null}
              </div>
            </li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}

function Department({ item }: { item: ContentListItem }) {
  const query = useRecordDetail(item.record_id);
  return (
    <li className={styles.department}>
      <h3 className={styles.departmentName}>{item.content_title}</h3>
      <QueryState query={query} skeletonRows={3}>
        {(detail) => <RichText html={detail.content} />}
      </QueryState>
    </li>
  );
}

function Departments() {
  const query = useSectionRecords('departments');
  return (
    <QueryState query={query} select={(data) => data.list} isEmpty={(items) => items.length === 0}>
      {(items) => (
        <ul className={styles.departments}>
          {items.map((item) => (
            <Department key={item.record_id} item={item} />
          ))}
        </ul>
      )}
    </QueryState>
  );
}

/** /Zzjg: the centre's organisation — its functions, its leaders and its internal departments, all from the CMS. */
export default function OrganisationPage() {
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>组织机构</h1>
      <section aria-labelledby="org-functions">
        <h2 id="org-functions" className={styles.subheading}>
          机构职能
        </h2>
        <WidgetBoundary>
          <SectionDocument section="functions" size="compact">
            {(document) => <RichText html={document.content} />}
          </SectionDocument>
        </WidgetBoundary>
      </section>
      <section aria-labelledby="org-leaders">
        <h2 id="org-leaders" className={styles.subheading}>
          领导信息
        </h2>
        <WidgetBoundary>
          <Leaders />
        </WidgetBoundary>
      </section>
      <section aria-labelledby="org-departments">
        <h2 id="org-departments" className={styles.subheading}>
          内设机构
        </h2>
        <WidgetBoundary>
          <Departments />
        </WidgetBoundary>
      </section>
    </div>
  );
}
