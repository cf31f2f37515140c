import { Radio } from 'antd';
import {
  APPLICATION_KIND_LABELS,
  APPLICATION_KINDS,
  PAGE_SIZE,
  type Application,
  type ApplicationKind,
} from '@credit-portal/shared';
import { Suspense, type ComponentType } from 'react';
import { Link } from 'react-router';
import { Pager } from '@/components/pager';
import { QueryState } from '@/components/query-state';
import { RequireLogin } from '@/components/require-login';
import { SimpleEmpty } from '@/components/simple-empty';
import { useListParams } from '@/hooks/use-list-params';
import type { LoginSession } from '@/lib/login-session';
import { paths } from '@/lib/paths';
import { useMyFilings } from '../api/get-my-filings';
import styles from './account.module.css';

/** How one filing is shown (its number, state and timeline): given by the route table, so features stay apart. */
export type FilingView = ComponentType<{ application: Application }>;

const parseKind = (value: string | null): ApplicationKind | undefined =>
  APPLICATION_KINDS.find((kind) => kind === value);

function MyFilings({ session, View }: { session: LoginSession; View: FilingView }) {
  const { page, filters, go } = useListParams({ filters: { kind: parseKind } });
  const kind = parseKind(filters.kind);
  const pageSize = PAGE_SIZE.default;
  const query = useMyFilings({ ...(kind ? { kind } : {}), pageIndex: page, pageSize }, session.token);
  const what = kind ? `${APPLICATION_KIND_LABELS[kind]}申请` : '信用修复或信用异议申请';
  return (
    <>
      <div className={styles.filingFilter} role="group" aria-label="办件类型">
        <Radio.Group
          optionType="button"
          value={kind ?? ''}
          onChange={(event) => go({ kind: String(event.target.value) })}
          options={[
            { value: '', label: '全部' },
            ...APPLICATION_KINDS.map((key) => ({ value: key, label: APPLICATION_KIND_LABELS[key] })),
          ]}
        />
      </div>
      <QueryState query={query} skeletonRows={6} size="page">
        {(result) =>
          result.list.length === 0 ? (
            <div className={styles.filingsEmpty}>
              <SimpleEmpty description={`您还没有提交过${what}`} />
              <p>
                可办理 <Link to={paths.creditRepair}>信用修复</Link> 或 <Link to={paths.creditObjection}>信用异议</Link>
                ，提交后在这里查看办理进度。
              </p>
            </div>
          ) : (
            <>
              <p className={styles.filingsSummary} aria-live="polite">
                共 {result.totalCount} 件{what}
              </p>
              <ul className={styles.filings}>
                {result.list.map((application) => (
                  <li key={application.ApplyNo}>
                    <Suspense fallback={<p className={styles.lead}>正在加载办理进度…</p>}>
                      <View application={application} />
                    </Suspense>
                  </li>
                ))}
              </ul>
              <Pager
                current={page}
                total={result.totalCount}
                pageSize={pageSize}
                onChange={(next) => go({ page: next })}
              />
            </>
          )
        }
      </QueryState>
    </>
  );
}

/**
 * 我的办件 (grzx/wdbj; not in the spec: chosen): the user's credit repair and credit objection
 * filings, newest first, each with its state and timeline (受理、审核、办结, with time, unit and
 * comment), of one kind or both (?kind=), paged.
 */
export default function MyFilingsPage({ filingView }: { filingView: FilingView }) {
  return (
    <div className={styles.panel}>
      <h1 className={styles.heading}>我的办件</h1>
      <p className={styles.lead}>
        您提交的信用修复、信用异议申请及其办理进度。需要补充材料的，办理单位会在办理意见中说明。
      </p>
      <RequireLogin>{(session) => <MyFilings session={session} View={filingView} />}</RequireLogin>
    </div>
  );
}
