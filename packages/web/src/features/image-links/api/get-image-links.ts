import { CONTENT_HEADS } from '@credit-portal/shared/heads/content';
import useSWR from 'swr';
import { call } from '@/lib/api-client';

/** POST /Cms/twljlb: every page's frame calls it. */
const IMAGE_LINK_LIST = CONTENT_HEADS.imageLinkList;

/** Fetches the image links of a category: banners, footer QR codes. */
export const getImageLinks = (categoryId: string) => call(IMAGE_LINK_LIST, { body: { categoryId } });

/** SWR key of an image-link category. */
export const imageLinksKey = (categoryId: string) => [IMAGE_LINK_LIST.path, categoryId] as const;

/** The image links of a category; they change rarely, so they are not refetched on focus. */
export function useImageLinks(categoryId: string) {
  return useSWR(imageLinksKey(categoryId), ([, id]) => getImageLinks(id), { revalidateOnFocus: false });
}
