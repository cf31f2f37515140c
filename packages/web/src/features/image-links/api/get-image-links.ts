import { API_PATHS, type ImageLink } from '@credit-portal/shared';
import useSWR from 'swr';
import { request } from '@/lib/api-client';

/**
 * Fetches the image links of a category (POST /Cms/twljlb, CONTRACTS.imageLinkList): banners,
 * footer QR codes. By path rather than by contract: every page's frame calls it, and the
 * CONTRACTS table references every schema of the API, which the first page should not load.
 */
export function getImageLinks(categoryId: string): Promise<ImageLink[]> {
  return request<ImageLink[]>(API_PATHS.imageLinkList, { method: 'POST', body: { categoryId } });
}

/** SWR key of an image-link category. */
export const imageLinksKey = (categoryId: string) => [API_PATHS.imageLinkList, categoryId] as const;

/** The image links of a category; they change rarely, so they are not refetched on focus. */
export function useImageLinks(categoryId: string) {
  return useSWR(imageLinksKey(categoryId), ([, id]) => getImageLinks(id), { revalidateOnFocus: false });
}
