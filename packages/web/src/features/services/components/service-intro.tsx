import type { ServiceGuide } from '@credit-portal/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { QueryState } from '@/components/query-state';
import { telHref } from '@/lib/format';
import { useServiceGuide } from '../api/get-service-guide';
import styles from './services.module.css';

function Items({ title, items, ordered = false }: { title: string; items: readonly string[]; ordered?: boolean }) {
  if (items.length === 0) return null;
  const List = ordered ? 'ol' : 'ul';
  return (
    <section>
      <h2 className={styles.subheading}>{title}</h2>
      <List className={styles.list}>
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </List>
    </section>
  );
}

function GuideBody({ guide }: { guide: ServiceGuide }) {
  return (
    <>
      <p className={styles.intro}>{guide.summary}</p>
      <dl className={styles.facts}>
        <div>
          <dt>办理时限</dt>
          <dd>{guide.timeLimit}</dd>
        </div>
        <div>
          <dt>收费标准</dt>
          <dd>{guide.fee}</dd>
        </div>
        <div>
          <dt>咨询电话</dt>
          <dd>
            <a href={telHref(guide.hotline)}>{guide.hotline}</a>
          </dd>
        </div>
      </dl>
      <Items title="申请条件" items={guide.conditions} />
      <Items title="申请材料" items={guide.materials} />
      <Items title="办理流程" items={guide.steps} ordered />
      <Items title="设定依据" items={guide.basis} />
    </>
  );
}

interface ServiceIntroProps {
  title: string;
  /** The page's own path: the service guide done online here supplies conditions, materials and steps. */
  guidePath: string;
  /** What this service adds to the guide (rules of the portal's own process). */
  children?: ReactNode;
  actions: readonly { label: string; path: string; primary?: boolean }[];
}

/** A service's introduction: its guide from the CMS (conditions, materials, flow), the portal's notes and the entries. */
export function ServiceIntro({ title, guidePath, children, actions }: ServiceIntroProps) {
  const query = useServiceGuide(guidePath);
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>{title}</h1>
      <div className={styles.actions}>
        {actions.map((action) => (
          <Link key={action.path} to={action.path} className={action.primary ? styles.primaryAction : styles.action}>
            {action.label}
          </Link>
        ))}
      </div>
      <QueryState query={query} isEmpty={(guide) => guide === null} skeletonRows={8} size="page">
        {(guide) => (guide ? <GuideBody guide={guide} /> : null)}
      </QueryState>
      {children}
    </div>
  );
}
