import { PAGE_SIZE } from '@credit-portal/shared';
import { Button, Input } from 'antd';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PagedList } from '@/components/paged-list';
import { QueryState } from '@/components/query-state';
import { RequireLogin } from '@/components/require-login';
import { pageFromQuery } from '@/hooks/use-list-params';
import type { LoginSession } from '@/lib/login-session';
import { useObjectionResult } from '../api/get-application';
import { useMyApplications } from '../api/get-my-applications';
import { ApplicationCard } from './application-card';
import styles from './services.module.css';

function ResultLookup({ session }: { session: LoginSession }) {
  const [params, setParams] = useSearchParams();
  const applyNo = params.get('applyNo')?.trim() ?? '';
  const [draft, setDraft] = useState(applyNo);
  const [error, setError] = useState('');
  const inputId = useId();
  const result = useObjectionResult(applyNo, session.token);
  const page = pageFromQuery(params.get('page'));
  const pageSize = PAGE_SIZE.default;
  const mine = useMyApplications({ kind: 'objection', pageIndex: page, pageSize }, session.token);
  return (
    <>
      <form
        role="search"
        className={styles.searchRow}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const value = draft.trim();
          if (!value) {
            setError('请输入申请编号');
            return;
          }
          setError('');
          setParams({ applyNo: value });
        }}
      >
        <div className={styles.searchField}>
          <label htmlFor={inputId}>申请编号</label>
          <Input
            id={inputId}
            value={draft}
            maxLength={40}
            allowClear
            status={error ? 'error' : undefined}
            aria-invalid={Boolean(error)}
            aria-describedby={error ? `${inputId}-error` : undefined}
            placeholder="提交异议申请时获得的申请编号"
            onChange={(event) => setDraft(event.target.value)}
          />
          {error ? (
            <span id={`${inputId}-error`} role="alert" className={styles.fieldError}>
              {error}
            </span>
          ) : null}
        </div>
        <Button type="primary" htmlType="submit">
          查询结果
        </Button>
      </form>
      {applyNo ? (
        <div className={styles.searchResults}>
          <QueryState query={result} skeletonRows={6}>
            {(application) => <ApplicationCard application={application} />}
          </QueryState>
        </div>
      ) : null}
      <h2 className={styles.subheading}>我的异议申请</h2>
      <PagedList
        query={mine}
        page={page}
        pageSize={pageSize}
        onPageChange={(next) => setParams({ ...(applyNo ? { applyNo } : {}), page: String(next) })}
        summary={(total) => `共 ${total} 件异议申请`}
      >
        {(applications) => (
          <ul className={styles.applications}>
            {applications.map((application) => (
              <li key={application.ApplyNo}>
                <ApplicationCard application={application} />
              </li>
            ))}
          </ul>
        )}
      </PagedList>
    </>
  );
}

/** xyfw/xyyy/result: an objection's progress and result by its application number, and the user's objections; login. */
export default function ObjectionResultPage() {
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>信用异议 · 结果查询</h1>
      <p className={styles.intro}>输入申请编号查询异议的核查进度和结果。只能查询本人提交的申请。</p>
      <RequireLogin>{(session) => <ResultLookup session={session} />}</RequireLogin>
    </div>
  );
}
