import { CONTRACTS, API_PATHS, type ImageLink } from '@credit-portal/shared';
import useSWR from 'swr';
import { call } from '@/lib/api-client';

/** Fetches the image links of a category (POST /Cms/twljlb): banners, footer QR codes. */
export function getImageLinks(categoryId: string): Promise<ImageLink[]> {
  return call(CONTRACTS.imageLinkList, { body: { categoryId } });
}

/** SWR key of an image-link category. */
export const imageLinksKey = (categoryId: string) => [API_PATHS.imageLinkList, categoryId] as const;

/** The image links of a category; they change rarely, so they are not refetched on focus. */
export function useImageLinks(categoryId: string) {
  return useSWR(imageLinksKey(categoryId), ([, id]) => getImageLinks(id), { revalidateOnFocus: false });
}
