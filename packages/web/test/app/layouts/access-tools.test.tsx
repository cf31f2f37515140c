import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS } from '@credit-portal/shared';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LARGE_CURSOR_KEY } from '@/app/elder-mode';
import { AccessTools } from '@/app/layouts/access-tools';
import { ReadAloudBar } from '@/app/layouts/read-aloud-controls';
import { QueryState } from '@/components/query-state';
import { RecordTable } from '@/components/record-table';
import { ApiError } from '@/lib/api-client';
import { READ_ALOUD_LANG, ReadAloud, readableText, splitForSpeech, textToRead } from '@/lib/read-aloud';
import { TestProviders } from '../../test-providers';

/** A recording stand-in for the browser's speech synthesis (jsdom has none). */
function stubSpeech() {
  const calls: { method: string; text?: string; lang?: string }[] = [];
  class Utterance {
    lang = '';
    onend: (() => void) | null = null;
    onerror: (() => void) | null = null;
    constructor(public text: string) {}
  }
  vi.stubGlobal('SpeechSynthesisUtterance', Utterance);
  vi.stubGlobal('speechSynthesis', {
    speak: (utterance: Utterance) => calls.push({ method: 'speak', text: utterance.text, lang: utterance.lang }),
    pause: () => calls.push({ method: 'pause' }),
    resume: () => calls.push({ method: 'resume' }),
    cancel: () => calls.push({ method: 'cancel' }),
  });
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  document.documentElement.className = '';
});

describe('读屏 text', () => {
  it('splits long text at sentence ends into pieces a browser speaks whole', () => {
    const sentence = '信用是立身之本。';
    const pieces = splitForSpeech(sentence.repeat(40), 50);
    expect(pieces.every((piece) => piece.length <= 50)).toBe(true);
    expect(pieces.every((piece) => piece.endsWith('。'))).toBe(true);
    expect(pieces.join('')).toBe(sentence.repeat(40));
    // A sentence longer than a piece is cut, and nothing is lost.
    expect(splitForSpeech('长'.repeat(120), 50).join('')).toBe('长'.repeat(120));
  });

  it('reads the selection when there is one, else the main content', () => {
    document.body.innerHTML = '<header>页头</header><main><h1>标题</h1><p>正文  第一段</p></main>';
    expect(textToRead('  选中的 文字 ')).toBe('选中的 文字');
    expect(textToRead('', document)).toBe(textToRead(null, document));
    expect(textToRead(null, document)).not.toContain('页头');
    expect(textToRead(null, document)).toContain('正文 第一段');
    document.body.innerHTML = '';
  });
});

describe('读屏 on a table', () => {
  const ROWS = [
    { id: '1', name: '甲公司', date: '2026-12-05' },
    { id: '2', name: '乙公司', date: '2026-11-13' },
  ];

  it('reads each column title once, though antd repeats them in a hidden measuring row', async () => {
    render(
      <TestProviders>
        <MemoryRouter>
          <main>
            <h1>行政许可</h1>
            <RecordTable
              rows={ROWS}
              columns={[
                { title: '行政相对人名称', render: (row) => row.name },
                { title: '许可决定日期', width: 130, render: (row) => row.date },
              ]}
              rowKey={(row) => row.id}
              cardTitle={(row) => row.name}
              detailPath={(row) => `/detail/${row.id}`}
              firstNumber={1}
            />
          </main>
        </MemoryRouter>
      </TestProviders>,
    );
    // The real antd table (jsdom's window is a wide screen), with its hidden copy of the titles.
    const table = await screen.findByRole('table');
    expect(table.querySelector('[aria-hidden="true"]')).toHaveTextContent('许可决定日期');
    const text = textToRead(null, document);
    const count = (word: string) => text.split(word).length - 1;
    for (const title of ['序号', '行政相对人名称', '许可决定日期', '操作']) expect(count(title), title).toBe(1);
    expect(count('查看详情')).toBe(2);
    expect(text).toContain('行政许可');
    expect(text).toMatch(/甲公司[\s\S]*2026-12-05[\s\S]*乙公司[\s\S]*2026-11-13/);
  });

  it('skips hidden parts anywhere, and keeps the words around them apart', () => {
    document.body.innerHTML =
      '<main><p>首页<span aria-hidden="true"> / </span>名录</p><div hidden>隐藏</div><p>第二段</p></main>';
    expect(readableText(document.querySelector('main')!)).not.toMatch(/\/|隐藏/);
    expect(textToRead(null, document)).toBe('首页名录\n第二段');
    document.body.innerHTML = '';
  });
});

describe('ReadAloud', () => {
  it('speaks every piece in zh-CN, pauses, resumes and stops', () => {
    const calls = stubSpeech();
    const states: string[] = [];
    const reader = new ReadAloud((state) => states.push(state));
    expect(reader.speak('第一句。第二句。')).toBe(true);
    const spoken = calls.filter((call) => call.method === 'speak');
    expect(spoken.map((call) => call.text).join('')).toBe('第一句。第二句。');
    expect(spoken.every((call) => call.lang === READ_ALOUD_LANG && call.lang === 'zh-CN')).toBe(true);
    reader.pause();
    reader.resume();
    reader.stop();
    expect(calls.slice(-3).map((call) => call.method)).toEqual(['pause', 'resume', 'cancel']);
    expect(states).toEqual(['speaking', 'paused', 'speaking', 'idle']);
  });

  it('says nothing for an empty text', () => {
    const calls = stubSpeech();
    expect(new ReadAloud(() => undefined).speak('  \n ')).toBe(false);
    expect(calls).toEqual([]);
  });
});

describe('the accessibility tools', () => {
  beforeEach(() => {
    localStorage.clear();
  });

  it('switch 长者模式 and the large cursor on the page and remember them', async () => {
    const user = userEvent.setup();
    stubSpeech();
    render(
      <TestProviders>
        <MemoryRouter>
          <AccessTools />
        </MemoryRouter>
      </TestProviders>,
    );
    await user.click(screen.getByRole('switch', { name: '长者模式' }));
    expect(document.documentElement).toHaveClass('elder-mode');
    expect(localStorage.getItem(STORAGE_KEYS.elderMode)).toBe('1');
    // The label is a target too: clicking the words switches the large cursor.
    await user.click(screen.getByText('大鼠标'));
    expect(document.documentElement).toHaveClass('large-cursor');
    expect(localStorage.getItem(LARGE_CURSOR_KEY)).toBe('1');
    expect(screen.getByRole('switch', { name: '大鼠标' })).toBeChecked();
  });

  it('start reading the main content; the bar pauses and stops it', async () => {
    const user = userEvent.setup();
    const calls = stubSpeech();
    render(
      <TestProviders>
        <MemoryRouter>
          <AccessTools />
          <main>
            <p>信用信息公示。</p>
          </main>
          <ReadAloudBar />
        </MemoryRouter>
      </TestProviders>,
    );
    expect(screen.queryByRole('region', { name: '读屏' })).toBeNull();
    await user.click(screen.getByRole('button', { name: '读屏' }));
    expect(calls.find((call) => call.method === 'speak')).toEqual({
      method: 'speak',
      text: '信用信息公示。',
      lang: 'zh-CN',
    });
    // One bar, though the tools and the layout both place one.
    const bar = screen.getByRole('region', { name: '读屏' });
    expect(screen.getAllByRole('region', { name: '读屏' })).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: /暂\s*停/ }));
    expect(bar).toHaveTextContent('朗读已暂停');
    expect(screen.getByRole('status')).toHaveTextContent('朗读已暂停');
    await user.click(screen.getByRole('button', { name: /停\s*止/ }));
    await waitFor(() => expect(screen.queryByRole('region', { name: '读屏' })).toBeNull());
    expect(calls.at(-1)?.method).toBe('cancel');
    // The focus, on 停止 as the bar went, is back on 读屏.
    expect(screen.getByRole('button', { name: '读屏' })).toHaveFocus();
  });

  it('show 停止 and announce the reading in a frame with the tools alone; Escape or 读屏 again stops', async () => {
    const user = userEvent.setup();
    const calls = stubSpeech();
    // As the H5 app and the standalone pages place them: the tools, no bar of the layout's own.
    render(
      <TestProviders>
        <MemoryRouter>
          <AccessTools />
          <main>
            <p>个人信用报告。</p>
          </main>
        </MemoryRouter>
      </TestProviders>,
    );
    // The status is there before anything is read: a live region announces changes, not itself.
    const status = screen.getByRole('status');
    expect(status).toBeEmptyDOMElement();
    const button = screen.getByRole('button', { name: '读屏' });
    await user.click(button);
    expect(button).toHaveAttribute('aria-pressed', 'true');
    const bar = screen.getByRole('region', { name: '读屏' });
    expect(bar).toHaveTextContent('正在朗读');
    expect(status).toHaveTextContent('正在朗读，按 Esc 键停止');
    const stop = within(bar).getByRole('button', { name: /停\s*止/ });
    expect(stop).toHaveAttribute('aria-keyshortcuts', 'Escape');
    // The keyboard reaches 停止.
    stop.focus();
    expect(stop).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: '读屏' })).toBeNull();
    expect(status).toHaveTextContent('朗读已结束');
    expect(calls.at(-1)?.method).toBe('cancel');
    expect(button).toHaveAttribute('aria-pressed', 'false');

    // Pressed again while reading, 读屏 stops.
    await user.click(button);
    expect(screen.getByRole('region', { name: '读屏' })).toBeInTheDocument();
    await user.click(button);
    expect(screen.queryByRole('region', { name: '读屏' })).toBeNull();
    expect(calls.filter((call) => call.method === 'speak')).toHaveLength(2);
  });
});

describe('not-found state', () => {
  it('offers a way back instead of a retry when the page names none', async () => {
    const query = {
      data: undefined,
      error: new ApiError('not_found', '未找到该信息', 404),
      isLoading: false,
      mutate: () => Promise.resolve(),
    };
    render(
      <TestProviders>
        <QueryState query={query} size="page">
          {() => null}
        </QueryState>
      </TestProviders>,
    );
    // antd's Result loads on first use (components/lazy-result.tsx): wait for it, not its plain stand-in.
    expect(await screen.findByText('未找到该信息', { selector: '.ant-result-title' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /重\s*试/ })).toBeNull();
    expect(screen.getByRole('link', { name: '返回首页' })).toHaveAttribute('href', '#/index');
  });
});
