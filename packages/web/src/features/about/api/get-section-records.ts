import {
  CONTENT_SECTIONS,
  PROPERTY_TYPE,
  SYSTEM_TYPE_CODE,
  type ContentPage,
  type ContentSectionKey,
} from '@credit-portal/shared';
import { CONTENT_HEADS } from '@credit-portal/shared/heads/content';
import useSWR from 'swr';
import { call } from '@/lib/api-client';

/** A static section holds a handful of records (one page, five departments, four leaders). */
const STATIC_SECTION_SIZE = 50;

/** Fetches every record of a static section, in editorial order (POST /Cms/mrlb). */
export function getSectionRecords(section: ContentSectionKey): Promise<ContentPage> {
  return call(CONTENT_HEADS.contentList, {
    body: {
      categoryId: CONTENT_SECTIONS[section].categoryId,
      pageIndex: 1,
      pageSize: STATIC_SECTION_SIZE,
      systemTypeCode: SYSTEM_TYPE_CODE,
      propertyType: PROPERTY_TYPE,
    },
  });
}

export const sectionRecordsKey = (section: ContentSectionKey) =>
  [CONTENT_HEADS.contentList.path, 'static', section] as const;

/** The records of a static section (centre introduction, functions, departments, office). */
export function useSectionRecords(section: ContentSectionKey) {
  return useSWR(sectionRecordsKey(section), ([, , key]) => getSectionRecords(key));
}
