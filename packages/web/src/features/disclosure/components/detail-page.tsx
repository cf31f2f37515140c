import { Button, Descriptions, Result } from 'antd';
import { useWideScreen } from '@/hooks/use-media-query';
import type { ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import useSWR from 'swr';
import { QueryState } from '@/components/query-state';
import { RecordShare } from '@/components/record-share';
import { RequireLogin } from '@/components/require-login';
import styles from './disclosure.module.css';
import { useRecordTitle } from '@/hooks/use-record-title';

/** One labelled field of a detail page. */
export interface DetailField<Detail> {
  label: string;
  value: (detail: Detail) => ReactNode;
  /** Long texts take a whole row. */
  wide?: boolean;
}

/** The fields of a labels table (field → Chinese label, in display order); `wide` fields take a whole row. */
export function fieldsOf<Detail extends object>(
  labels: Readonly<Partial<Record<keyof Detail, string>>>,
  wide: readonly (keyof Detail & string)[] = [],
): DetailField<Detail>[] {
  return (Object.entries(labels) as [keyof Detail & string, string][]).map(([field, label]) => ({
    label,
    wide: wide.includes(field),
    value: (detail) => {
      const value = detail[field];
      return value === undefined || value === null || value === '' ? '—' : String(value);
    },
  }));
}

/** Everything that makes one disclosure detail page. */
export interface DetailSpec<Detail> {
  /** The kind of record, shown above the fields and as the title while loading. */
  kind: string;
  swrKey: string;
  fetch: (id: string) => Promise<Detail>;
  /** The page title: the record's subject (entity or person). */
  title: (detail: Detail) => string;
  fields: readonly DetailField<Detail>[];
  /** A notice above the fields (e.g. no longer publicized, repaired). */
  notice?: (detail: Detail) => ReactNode;
  requiresLogin?: boolean;
  /** The list the record belongs to: the way back from a record that is missing or not found. */
  back: { label: string; path: string };
}

/** A text field of a record, when it has one. */
function textOf(detail: unknown, field: string): string | undefined {
  const value = (detail as Record<string, unknown>)[field];
  return typeof value === 'string' && value.trim() ? value : undefined;
}

/** Longest record id the detail calls accept: anything longer is no record. */
const RECORD_ID_MAX = 32;

/** The way back to the list, offered where the record cannot be shown. */
function BackToList({ back }: { back: DetailSpec<unknown>['back'] }) {
  const navigate = useNavigate();
  return (
    <Button type="primary" onClick={() => void navigate(back.path)}>
      返回{back.label}
    </Button>
  );
}

function DetailBody<Detail>({ spec, id }: { spec: DetailSpec<Detail>; id: string }) {
  const query = useSWR([spec.swrKey, id] as const, ([, key]) => spec.fetch(key));
  useRecordTitle(query.data ? spec.title(query.data) : undefined);
  // On a phone two columns of label and value leave no room: labels go above their values.
  const wide = useWideScreen();
  return (
    <QueryState query={query} skeletonRows={10} size="page" notFoundExtra={<BackToList back={spec.back} />}>
      {(detail) => (
        <>
          <h1 className={styles.heading}>{spec.title(detail) || spec.kind}</h1>
          <p className={styles.intro}>{spec.kind}</p>
          <RecordShare source={textOf(detail, 'SourceUnit')} updatedAt={textOf(detail, 'UpdateTime')} />
          {spec.notice?.(detail)}
          <Descriptions
            bordered
            size="middle"
            layout={wide ? 'horizontal' : 'vertical'}
            column={{ xs: 1, sm: 1, md: 2 }}
            items={spec.fields.map((field) => ({
              key: field.label,
              label: field.label,
              span: field.wide ? 'filled' : 1,
              children: field.value(detail) || '—',
            }))}
          />
        </>
      )}
    </QueryState>
  );
}

/** A disclosure detail page (query id): the record's fields with their Chinese labels, titled with its subject. */
export function createDetailPage<Detail>(spec: DetailSpec<Detail>) {
  function DisclosureDetailPage() {
    const [params] = useSearchParams();
    const id = params.get('id')?.trim() ?? '';
    return (
      <div className={styles.page}>
        {!id ? (
          <Result
            status="warning"
            title="缺少记录编号"
            subTitle="请从公示列表进入详情。"
            extra={<BackToList back={spec.back} />}
          />
        ) : id.length > RECORD_ID_MAX ? (
          <div role="alert">
            <Result
              status="404"
              title="未找到该信息"
              subTitle="记录编号有误，请从公示列表进入详情。"
              extra={<BackToList back={spec.back} />}
            />
          </div>
        ) : spec.requiresLogin ? (
          <RequireLogin prompt={`查看${spec.kind}详情`}>{() => <DetailBody spec={spec} id={id} />}</RequireLogin>
        ) : (
          <DetailBody spec={spec} id={id} />
        )}
      </div>
    );
  }
  DisclosureDetailPage.displayName = `DisclosureDetailPage(${spec.kind})`;
  return DisclosureDetailPage;
}
