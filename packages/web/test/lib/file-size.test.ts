import { describe, expect, it } from 'vitest';
import { formatFileSize } from '@/lib/file-size';

describe('formatFileSize', () => {
  it('shows a size in the largest unit it reaches, as it is: bytes whole, one decimal above', () => {
    // A 193-byte upload was shown as 0.1 MB.
    expect(formatFileSize(193)).toBe('193 B');
    expect(formatFileSize(0)).toBe('0 B');
    expect(formatFileSize(1023)).toBe('1023 B');
    expect(formatFileSize(1024)).toBe('1 KB');
    expect(formatFileSize(12_595)).toBe('12.3 KB');
    expect(formatFileSize(1.5 * 1024 * 1024)).toBe('1.5 MB');
    expect(formatFileSize(5 * 1024 * 1024)).toBe('5 MB');
    expect(formatFileSize(20 * 1024 * 1024)).toBe('20 MB');
  });

  it('moves to the next unit rather than showing 1024 of one', () => {
    expect(formatFileSize(1024 * 1024 - 1)).toBe('1 MB');
    expect(formatFileSize(1024 * 1024 - 40)).toBe('1 MB');
    expect(formatFileSize(1024 * 1024 - 60)).toBe('1023.9 KB');
    expect(formatFileSize(1000 * 1024)).toBe('1000 KB');
  });
});
