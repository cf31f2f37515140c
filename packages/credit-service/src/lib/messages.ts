/** The service's own answer messages (the spec's are in MESSAGES of the shared package). */
export const NOT_FOUND_MESSAGES = {
  content: '内容不存在',
  site: '站点不存在',
  record: '未找到该记录',
  /** A list entry past its validity. */
  expired: '该记录已超过公示期',
  image: '图片不存在',
} as const;
