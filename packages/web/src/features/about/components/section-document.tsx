import type { ContentDetail, ContentSectionKey } from '@credit-portal/shared';
import type { ReactNode } from 'react';
import { QueryState } from '@/components/query-state';
import { useRecordDetail } from '../api/get-record-detail';
import { useSectionRecords } from '../api/get-section-records';

interface SectionDocumentProps {
  section: ContentSectionKey;
  /** Lines of the loading skeleton. */
  skeletonRows?: number;
  size?: 'compact' | 'page';
  children: (document: ContentDetail) => ReactNode;
}

/** The page of a one-record static section (centre introduction, functions, office), loaded from the CMS. */
export function SectionDocument({ section, skeletonRows = 8, size = 'page', children }: SectionDocumentProps) {
  const records = useSectionRecords(section);
  const first = records.data?.list[0];
  const detail = useRecordDetail(first?.record_id);
  const empty = records.data !== undefined && records.data.list.length === 0;
  return (
    <QueryState
      query={{
        data: empty ? null : detail.data,
        error: records.error ?? detail.error,
        isLoading: records.isLoading || detail.isLoading,
        mutate: () => (records.error ? records.mutate() : detail.mutate()),
      }}
      isEmpty={(document) => document === null}
      skeletonRows={skeletonRows}
      size={size}
    >
      {(document) => (document ? children(document) : null)}
    </QueryState>
  );
}
