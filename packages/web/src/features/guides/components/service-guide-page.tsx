import { Collapse, Input } from 'antd';
import { EnvironmentOutlined, PhoneOutlined } from '@ant-design/icons';
import type { ServiceGuide } from '@credit-portal/shared';
import { normalizeKeyword } from '@credit-portal/shared';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { QueryState } from '@/components/query-state';
import { useServiceGuides } from '../api/get-service-guides';
import { telHref } from '@/lib/format';
import styles from './service-guide.module.css';

function Steps({ title, items, ordered = false }: { title: string; items: readonly string[]; ordered?: boolean }) {
  if (items.length === 0) return null;
  const List = ordered ? 'ol' : 'ul';
  return (
    <section className={styles.block}>
      <h3 className={styles.blockTitle}>{title}</h3>
      <List className={styles.items}>
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </List>
    </section>
  );
}

function Guide({ guide }: { guide: ServiceGuide }) {
  return (
    <div className={styles.guide}>
      <p className={styles.summary}>{guide.summary}</p>
      <dl className={styles.facts}>
        <div>
          <dt>办理时限</dt>
          <dd>{guide.timeLimit}</dd>
        </div>
        <div>
          <dt>收费标准</dt>
          <dd>{guide.fee}</dd>
        </div>
      </dl>
      <Steps title="设定依据" items={guide.basis} />
      <Steps title="申请条件" items={guide.conditions} />
      <Steps title="申请材料" items={guide.materials} />
      <Steps title="办理流程" items={guide.steps} ordered />
      <Steps title="办理渠道" items={guide.channels} />
      <section className={styles.block}>
        <h3 className={styles.blockTitle}>咨询方式</h3>
        <p className={styles.contact}>
          <PhoneOutlined aria-hidden /> <a href={telHref(guide.hotline)}>{guide.hotline}</a>
        </p>
        <p className={styles.contact}>
          <EnvironmentOutlined aria-hidden /> {guide.address}（{guide.hours}）
        </p>
      </section>
      {guide.onlinePath ? (
        <Link to={guide.onlinePath} className={styles.online}>
          在线办理
        </Link>
      ) : null}
    </div>
  );
}

/**
 * /mobile/bszn: the service guides — what each credit service needs and how it is done,
 * searchable; in the portal's frame, laid out for a phone first.
 */
export default function ServiceGuidePage() {
  const query = useServiceGuides();
  const [keyword, setKeyword] = useState('');
  const inputId = useId();
  const word = normalizeKeyword(keyword);
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>办事指南</h1>
      <p className={styles.intro}>信用查询、信用报告、信用修复、信用异议等事项的办理条件、所需材料、流程与咨询方式。</p>
      <div className={styles.body}>
        <label htmlFor={inputId} className="visually-hidden">
          搜索办事事项
        </label>
        <Input.Search
          id={inputId}
          placeholder="搜索办事事项，如“信用修复”"
          allowClear
          value={keyword}
          onChange={(event) => setKeyword(event.target.value)}
          size="large"
        />
        <QueryState
          query={query}
          select={(data) =>
            data.filter((guide) => !word || `${guide.title}${guide.category}${guide.summary}`.includes(word))
          }
          isEmpty={(guides) => guides.length === 0}
          skeletonRows={8}
          size="page"
        >
          {(guides) => (
            <Collapse
              className={styles.list}
              accordion
              items={guides.map((guide) => ({
                key: guide.id,
                label: (
                  <span className={styles.label}>
                    <span className={styles.category}>{guide.category}</span>
                    <span className={styles.title}>{guide.title}</span>
                  </span>
                ),
                children: <Guide guide={guide} />,
              }))}
            />
          )}
        </QueryState>
      </div>
    </div>
  );
}
