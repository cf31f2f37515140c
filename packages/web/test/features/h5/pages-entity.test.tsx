import { screen, waitFor, within } from '@testing-library/react';
import { CONTRACTS, H5, H5_MESSAGES, MESSAGES } from '@credit-portal/shared';
import type { H5EntityDetail } from '@credit-portal/shared/contracts/h5';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { paths, withQuery } from '@/lib/paths';
import { failure, fakeGateway, type FakeReply } from '../../fake-gateway';
import { TEST_MODE, USER, clearStorage, findMessage, resetMocks, watchLeaving } from './pages-support';
import { preloadPages, renderAppAt, setupUser } from '../../render-app';

/*
 * A linked entity's details inside the H5 app, with the API client stubbed at its edge
 * (test/fake-gateway.ts): shown by the tab's login, not the person's own, a failure and 重试, no
 * login. The way in and the list of linked entities: h5-pages.test.tsx.
 */

// The pages' code, loaded once before the tests (render-app.tsx: preloadPages).
beforeAll(() => preloadPages(paths.h5Entity, paths.h5Login));

beforeEach(clearStorage);
beforeEach(watchLeaving);
afterEach(resetMocks);

describe('a linked entity inside the app', () => {
  const DETAIL: H5EntityDetail = {
    BaseInfo: {
      ID: '2001',
      EntName: '云州市恒信科技有限公司',
      Status: '存续',
      CreditCode: '91520100MA6H000011',
      EntType: '有限责任公司',
      SetUpDate: '2015-03-08',
      LegalRep: '林晓云',
      Address: '云州市东湖区湖滨路 8 号',
      District: '云州市东湖区',
      RegAuthority: '云州市东湖区市场监督管理局',
    },
    DetailInfo: {
      Licences: [],
      Penalties: [
        {
          id: 'p1',
          CF_WSH: '云东市监罚〔2026〕12号',
          CF_CFLB: '罚款',
          CF_WFXW: '虚假宣传',
          CF_NR: '罚款 2 万元',
          CF_JDRQ: '2026-06-01',
          CF_CFJG: '云州市东湖区市场监督管理局',
          CF_GSJZQ: '2027-06-01',
          CF_ZT: '正常',
        },
      ],
      RedBlack: [],
      Promises: [],
      PublicLists: [
        {
          Key: 'abnormal',
          Label: '经营异常名录',
          Source: '云州市市场监督管理局',
          Adverse: true,
          Entries: [
            {
              id: 'a1',
              Matter: '未按规定公示年度报告',
              DocNo: '云东市监异〔2026〕3号',
              Authority: '云州市东湖区市场监督管理局',
              ListedOn: '2026-07-01',
              ValidUntil: '',
              State: '列入中',
              InForce: true,
            },
          ],
        },
        {
          Key: 'majorTax',
          Label: '重大税收违法失信主体',
          Source: '国家税务总局云州市税务局',
          Adverse: true,
          Entries: [],
        },
      ],
    },
  };

  /** This tab's login (a reload's source) and the service's answers for it. */
  function entityGateway(detail: () => H5EntityDetail | FakeReply | Promise<H5EntityDetail> = () => DETAIL) {
    window.sessionStorage.setItem(H5.storageKeys.infotoken, USER.Infotoken);
    return fakeGateway(TEST_MODE)
      .on(CONTRACTS.h5Session, ({ body }) =>
        (body as { Infotoken: string }).Infotoken === USER.Infotoken ? USER : failure(401, 'unauthorized'),
      )
      .on(CONTRACTS.h5EntityDetail, detail);
  }

  const at = (id: string) => `#${withQuery(paths.h5Entity, { id })}`;

  it('shows the registration and every section by the tab’s login, with no portal login', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const gateway = entityGateway(async () => {
      await held;
      return DETAIL;
    });
    renderAppAt(at('2001'));
    expect(await screen.findByText('正在获取主体信息')).toBeInTheDocument();
    release();
    const card = await screen.findByRole('region', { name: DETAIL.BaseInfo.EntName });
    expect(within(card).getByText('存续').className).toMatch(/badgeOpen/);
    expect(within(card).getByText('统一社会信用代码').nextElementSibling).toHaveTextContent('91520100MA6H000011');
    expect(within(card).getByText('登记机关').nextElementSibling).toHaveTextContent('云州市东湖区市场监督管理局');
    expect(gateway.calls(CONTRACTS.h5EntityDetail.path)[0]!.body).toEqual({
      Infotoken: USER.Infotoken,
      EntityId: '2001',
    });

    expect(screen.getByRole('region', { name: /行政许可/ })).toHaveTextContent(MESSAGES.noData);
    expect(screen.getByRole('region', { name: /行政处罚/ })).toHaveTextContent('云东市监罚〔2026〕12号');
    expect(screen.getByRole('region', { name: /红黑名单/ })).toHaveTextContent('未被列入红名单或黑名单');
    // The portal's own section of public lists: the entry, and the lists searched without one.
    const lists = screen.getByRole('region', { name: /公示名单/ });
    expect(lists).toHaveTextContent('经营异常名录');
    expect(lists).toHaveTextContent('未按规定公示年度报告');
    expect(lists).toHaveTextContent('未列入：重大税收违法失信主体');
    // No portal login asked for; the way back is the app's list.
    expect(screen.queryByText(MESSAGES.loginExpired)).not.toBeInTheDocument();
    expect(window.location.hash).toBe(at('2001'));
    expect(screen.getByRole('link', { name: /返回我的关联主体/ })).toHaveAttribute('href', `#${paths.h5Home}`);
  });

  it('says an entity that is not the person’s own is not theirs, with no retry', async () => {
    entityGateway(() => failure(403, 'forbidden', H5_MESSAGES.entityNotLinked));
    renderAppAt(at('999'));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(H5_MESSAGES.entityNotLinked);
    expect(within(alert).queryByRole('button', { name: /重\s*试/ })).not.toBeInTheDocument();
  });

  it('offers 重试 when the service fails, and shows the entity once it answers', async () => {
    const user = setupUser();
    let calls = 0;
    entityGateway(() => (++calls === 1 ? failure(502, 'upstream_error') : DETAIL));
    renderAppAt(at('2001'));
    const alert = await screen.findByRole('alert');
    await user.click(within(alert).getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByRole('region', { name: DETAIL.BaseInfo.EntName })).toBeInTheDocument();
  });

  it('sends a person whose login ended, or who has none, to /h5/login', async () => {
    entityGateway(() => failure(401, 'unauthorized', H5_MESSAGES.loginExpired));
    renderAppAt(at('2001'));
    expect(await findMessage(H5_MESSAGES.loginExpired)).toBe('error');
    await waitFor(() => expect(window.location.hash).toBe(`#${paths.h5Login}`));
  });

  it('asks for a login when the tab has none', async () => {
    fakeGateway(TEST_MODE);
    renderAppAt(at('2001'));
    await waitFor(() => expect(window.location.hash).toBe(`#${paths.h5Login}`));
  });
});
