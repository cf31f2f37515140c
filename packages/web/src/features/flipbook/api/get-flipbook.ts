import { CONTENT_SECTIONS, type Flipbook, type ImageLink } from '@credit-portal/shared';
import { CONTENT_HEADS } from '@credit-portal/shared/heads/content';
import useSWR from 'swr';
import { call } from '@/lib/api-client';

/** Fetches a credit reading book's pages (POST /Cms/xydb). */
export function getFlipbook(recordId: string): Promise<Flipbook> {
  return call(CONTENT_HEADS.flipbook, { body: { recordId } });
}

export const flipbookKey = (recordId: string | null) =>
  recordId ? ([CONTENT_HEADS.flipbook.path, recordId] as const) : null;

export function useFlipbook(recordId: string | null) {
  return useSWR(flipbookKey(recordId), ([, id]) => getFlipbook(id), { revalidateOnReconnect: false });
}

/** Fetches the shelf of books: each with its cover image (POST /Cms/twljlb). */
export function getBookshelf(): Promise<ImageLink[]> {
  return call(CONTENT_HEADS.imageLinkList, {
    body: { categoryId: CONTENT_SECTIONS.flipbooks.categoryId },
  });
}

export const bookshelfKey = () => [CONTENT_HEADS.imageLinkList.path, CONTENT_SECTIONS.flipbooks.categoryId] as const;

export function useBookshelf() {
  return useSWR(bookshelfKey(), getBookshelf);
}
