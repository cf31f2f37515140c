/** How the verify page checks what was given. */
export type VerifyWay =
  /** The PDF alone: its embedded SM2 signature against the published keys. */
  | 'signature'
  /** Number, code and the PDF: the record, and the file byte for byte the one issued. */
  | 'file'
  /** Number and code: the record kept for them. */
  | 'code';

export interface VerifyInput {
  reportNo: string;
  code: string;
  hasFile: boolean;
}

/** What the form still needs before it can be checked. */
export const VERIFY_MISSING = {
  any: '请输入报告编号和验证码，或上传报告PDF文件',
  reportNo: '请输入报告编号',
  code: '请输入验证码',
} as const;

export type VerifyPlan = { way: VerifyWay } | { missing: keyof typeof VERIFY_MISSING };

/**
 * The way a filled-in verify form is checked: a PDF alone suffices (its signature), and so do a
 * number and a code; a number without its code (or a code without its number) is neither.
 */
export function planVerification({ reportNo, code, hasFile }: VerifyInput): VerifyPlan {
  const no = reportNo.trim();
  const c = code.trim();
  if (no && c) return { way: hasFile ? 'file' : 'code' };
  if (no) return { missing: 'code' };
  if (c) return { missing: 'reportNo' };
  return hasFile ? { way: 'signature' } : { missing: 'any' };
}
