import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ExternalLink } from '@/components/external-link';
import { TEST_RUNTIME_CONFIG, TestProviders } from '../test-providers';

const ADDRESS = 'https://beian.miit.gov.cn/';

function renderLink(href = ADDRESS) {
  return render(
    <TestProviders>
      <ExternalLink href={href}>备案信息</ExternalLink>
    </TestProviders>,
  );
}

describe('the external-link dialog', () => {
  afterEach(() => vi.restoreAllMocks());

  it('states the address and the site being left; 取消 stays', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const user = userEvent.setup();
    renderLink();
    await user.click(screen.getByRole('button', { name: '备案信息' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('温馨提示');
    expect(dialog).toHaveTextContent(ADDRESS);
    expect(dialog).toHaveTextContent(`您即将离开“${TEST_RUNTIME_CONFIG.siteName}”`);
    await user.click(screen.getByRole('button', { name: /取\s*消/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(open).not.toHaveBeenCalled();
  });

  it('确定 opens the address in a new tab without access to this window', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const user = userEvent.setup();
    renderLink();
    await user.click(screen.getByRole('button', { name: '备案信息' }));
    await screen.findByRole('dialog');
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(open).toHaveBeenCalledTimes(1);
    expect(open).toHaveBeenCalledWith(ADDRESS, '_blank', 'noopener,noreferrer');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('never opens an address that is not http(s)', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const user = userEvent.setup();
    renderLink('javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: '备案信息' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('该链接地址无效');
    expect(screen.getByRole('button', { name: /确\s*定/ })).toBeDisabled();
    expect(open).not.toHaveBeenCalled();
  });
});
