import { screen, within } from '@testing-library/react';
import { CONTRACTS, type EntitySearchResult } from '@credit-portal/shared';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths, withQuery } from '@/lib/paths';
import { fakeGateway } from './fake-gateway';
import { findMain, preloadPages, renderAppAt, setupUser } from './render-app';

/*
 * The forgiving search on the list page (issue 28), with the API client stubbed at its edge:
 * what the service marks is marked, how a row matched is labelled, and 您是不是要找 appears when
 * only near matches came back, and searches the suggestion. What the service finds:
 * packages/credit-service/test/entity-search.test.ts.
 */

beforeAll(() => preloadPages(paths.searchList, paths.searchDetails));
beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function entity(n: number, name: string, over: Partial<EntitySearchResult> = {}): EntitySearchResult {
  return {
    ID: String(2000 + n),
    EntName: name,
    Status: '存续',
    CreditCode: `91350208MA0QY${String(n).padStart(4, '0')}X`,
    EntType: '有限责任公司',
    SetUpDate: '2021-03-01',
    ...over,
  };
}

const JIATIAN = '云州市北岭区佳天科技有限公司';

function gateway(answers: Record<string, EntitySearchResult[]>) {
  return fakeGateway().on(
    CONTRACTS.entitySearch,
    ({ body }) => answers[(body as { EntNameOrCreditCode: string }).EntNameOrCreditCode] ?? [],
  );
}

const marks = (row: HTMLElement) => Array.from(row.querySelectorAll('mark'), (m) => m.textContent);

describe('a search that forgives', () => {
  it('suggests the near match when nothing matched as typed, and searches it on a click', async () => {
    const user = setupUser();
    const near = entity(1, JIATIAN, { Match: 'fuzzy', Highlights: ['佳天科技'] });
    const exact = entity(1, JIATIAN, { Match: 'name', Highlights: ['佳天科技'] });
    const fake = gateway({ 佳天科枝: [near], 佳天科技: [exact] });
    renderAppAt(`#${withQuery(paths.searchList, { searchKey: '佳天科枝' })}`);
    const main = await findMain();
    const suggestion = await main.findByText(/您是不是要找/);
    expect(suggestion).toHaveTextContent('您是不是要找：佳天科技');
    const row = within(main.getByRole('list', { name: '查询结果' })).getAllByRole('listitem')[0]!;
    expect(row).toHaveTextContent('相近名称');
    expect(marks(row)).toEqual(['佳天科技']);

    await user.click(within(suggestion).getByRole('link', { name: '佳天科技' }));
    await screen.findByText('“佳天科技”共找到', { exact: false });
    expect(main.queryByText(/您是不是要找/)).toBeNull();
    expect(fake.calls(CONTRACTS.entitySearch.path).map((c) => c.body)).toEqual([
      { EntNameOrCreditCode: '佳天科枝' },
      { EntNameOrCreditCode: '佳天科技' },
    ]);
  });

  const cases: [string, Partial<EntitySearchResult>, string | null, string[]][] = [
    ['北岭 佳天', { Match: 'name', Highlights: ['北岭', '佳天'] }, null, ['北岭', '佳天']],
    ['jtkj', { Match: 'pinyin', Highlights: ['佳天科技'] }, '拼音匹配', ['佳天科技']],
    ['覃斌红', { Match: 'legalRep' }, '法定代表人匹配', []],
  ];
  it.each(cases)('shows what %s matched: the marks and the label', async (keyword, match, label, marked) => {
    gateway({ [keyword]: [entity(1, JIATIAN, match)] });
    renderAppAt(`#${withQuery(paths.searchList, { searchKey: keyword })}`);
    const main = await findMain();
    const row = within(await main.findByRole('list', { name: '查询结果' })).getAllByRole('listitem')[0]!;
    expect(marks(row)).toEqual(marked);
    for (const text of ['拼音匹配', '法定代表人匹配', '相近名称']) {
      if (text === label) expect(row).toHaveTextContent(text);
      else expect(row).not.toHaveTextContent(text);
    }
    expect(main.queryByText(/您是不是要找/)).toBeNull();
  });

  it('marks the keyword itself when the service says nothing of what matched (an older service)', async () => {
    gateway({ 科技: [entity(1, JIATIAN)] });
    renderAppAt(`#${withQuery(paths.searchList, { searchKey: '科技' })}`);
    const main = await findMain();
    const row = within(await main.findByRole('list', { name: '查询结果' })).getAllByRole('listitem')[0]!;
    expect(marks(row)).toEqual(['科技']);
    expect(main.queryByText(/您是不是要找/)).toBeNull();
  });
});
