import { act, render, screen } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RecordShare } from '@/components/record-share';
import { TEST_RUNTIME_CONFIG, TestProviders } from '../test-providers';

const ADDRESS = '/#/xygs/XygsDetailsCF?id=cf-000123';

function renderShare() {
  window.history.replaceState(null, '', ADDRESS);
  return render(
    <TestProviders>
      <RecordShare source="云州市市场监督管理局" updatedAt="2026-11-20 09:30:00" />
    </TestProviders>,
  );
}

/** The clipboard of a secure page (HTTPS, localhost), recording what was written. */

// user-event without its pointer-events check (as render-app.tsx: setupUser): it reads the computed
// style of the target and its ancestors on every click; what CSS lets through is checked in Chromium.
function secureClipboard(writeText: (text: string) => Promise<void>) {
  vi.stubGlobal('isSecureContext', true);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'clipboard');
});

describe('sharing a record', () => {
  it('copies the page address, which names the record by its id only', async () => {
    // After user-event's setup, which puts a clipboard stub of its own on navigator.
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    const written: string[] = [];
    secureClipboard(async (text) => {
      written.push(text);
    });
    renderShare();
    await user.click(screen.getByRole('button', { name: /复制链接/ }));
    expect(await screen.findByText('链接已复制，可粘贴发送给他人')).toBeInTheDocument();
    expect(written).toEqual([`${window.location.origin}${ADDRESS}`]);
  });

  it('falls back to the selection on a plain-HTTP page, and shows the link to copy by hand when that fails too', async () => {
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    vi.stubGlobal('isSecureContext', false);
    const exec = vi.fn(() => false);
    Object.defineProperty(document, 'execCommand', { value: exec, configurable: true });
    renderShare();
    await user.click(screen.getByRole('button', { name: /复制链接/ }));
    expect(exec).toHaveBeenCalledWith('copy');
    const field = await screen.findByRole('textbox', { name: '本页链接' });
    expect(field).toHaveValue(`${window.location.origin}${ADDRESS}`);
    // The stand-in field of the copy command is gone again.
    expect(document.querySelector('[data-copy-source]')).toBeNull();
    Reflect.deleteProperty(document, 'execCommand');
  });

  it('prints the page, whose print layout names the site, the publishing unit, the update time and the address', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    renderShare();
    await user.click(screen.getByRole('button', { name: /打印/ }));
    expect(print).toHaveBeenCalledTimes(1);
    // On screen the page's own fields say where the record comes from: the block is for paper only.
    expect(screen.queryByLabelText('信息来源')).toBeNull();
    act(() => {
      window.dispatchEvent(new Event('beforeprint'));
    });
    const provenance = screen.getByLabelText('信息来源');
    expect(provenance).toHaveTextContent(`信息来源${TEST_RUNTIME_CONFIG.siteName}（云州市市场监督管理局）`);
    expect(provenance).toHaveTextContent('更新时间2026-11-20 09:30:00');
    expect(provenance).toHaveTextContent(`本页地址${window.location.origin}${ADDRESS}`);
    act(() => {
      window.dispatchEvent(new Event('afterprint'));
    });
    expect(screen.queryByLabelText('信息来源')).toBeNull();
  });
});
