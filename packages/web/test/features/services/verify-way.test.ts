import { describe, expect, it } from 'vitest';
import { planVerification } from '@/features/services/components/verify-way';

describe('the verify page’s rule', () => {
  it('takes a PDF alone, a number with its code, or both; a half pair is neither', () => {
    expect(planVerification({ reportNo: '', code: '', hasFile: true })).toEqual({ way: 'signature' });
    expect(planVerification({ reportNo: ' ', code: ' ', hasFile: true })).toEqual({ way: 'signature' });
    expect(planVerification({ reportNo: 'BG1', code: 'K7', hasFile: false })).toEqual({ way: 'code' });
    expect(planVerification({ reportNo: 'BG1', code: 'K7', hasFile: true })).toEqual({ way: 'file' });
    expect(planVerification({ reportNo: 'BG1', code: '', hasFile: true })).toEqual({ missing: 'code' });
    expect(planVerification({ reportNo: '', code: 'K7', hasFile: false })).toEqual({ missing: 'reportNo' });
    expect(planVerification({ reportNo: '', code: '', hasFile: false })).toEqual({ missing: 'any' });
  });
});
