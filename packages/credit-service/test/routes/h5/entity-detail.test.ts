import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, H5_MESSAGES, type H5EntityRecord, type H5UserInfo } from '@credit-portal/shared';
import type { H5EntityDetail } from '@credit-portal/shared/contracts/h5';
import { localToday } from '../../../src/lib/dates.js';
import { createEntityDetailRepository } from '../../../src/repositories/entity-details.js';
import { DEMO_PERSON } from '../../../src/demo/seed/index.js';
import { buildTestApp, injectJson, type TestApp } from '../../helper.js';

/*
 * One of the verified person's own entities inside the H5 app (CommercialSubjectDetail): the
 * details page's registration and public standing, without a portal login; never another
 * person's entity, an unknown one, or for a token that is no longer live.
 */

const AS_OF = '2026-11-21';

interface Success<T> {
  Success: boolean;
  Data: T;
  Msg: string;
}

let testApp: TestApp;

beforeAll(async () => {
  testApp = await buildTestApp({ seedAsOf: AS_OF, h5TestMode: true });
});
afterAll(async () => {
  await testApp?.close();
});

const post = <T>(url: string, payload: Record<string, unknown>) =>
  injectJson<T>(testApp.app, { method: 'POST', url, payload });

async function login(Name: string, IdCard: string): Promise<H5UserInfo> {
  const { status, body } = await post<Success<H5UserInfo>>(API_PATHS.h5TestUserInfo, { Name, IdCard });
  expect(status).toBe(200);
  return body.Data;
}

async function entitiesOf(user: H5UserInfo): Promise<H5EntityRecord[]> {
  const { body } = await post<Success<{ Data: string }>>(API_PATHS.h5Entities, { Infotoken: user.Infotoken });
  return JSON.parse(body.Data.Data) as H5EntityRecord[];
}

/** A person other than the demo person with linked entities of their own, none shared with the demo person. */
function otherPerson(): { name: string; idNumber: string } {
  return testApp.app.db
    .prepare(
      `SELECT name, id_number AS idNumber FROM h5_persons p WHERE is_demo = 0
         AND EXISTS (SELECT 1 FROM h5_person_entities WHERE person_id = p.id)
       ORDER BY id LIMIT 1`,
    )
    .get() as { name: string; idNumber: string };
}

describe('CommercialSubjectDetail', () => {
  it('answers a linked entity with the details page’s registration and public standing', async () => {
    const user = await login(DEMO_PERSON.name, DEMO_PERSON.idNumber);
    const [entity] = await entitiesOf(user);
    const { status, body } = await post<Success<H5EntityDetail>>(API_PATHS.h5EntityDetail, {
      Infotoken: user.Infotoken,
      EntityId: entity!.BaseId,
    });
    expect(status).toBe(200);
    expect(body.Success).toBe(true);
    expect(body.Data.BaseInfo).toMatchObject({
      ID: entity!.BaseId,
      EntName: entity!.EntName,
      CreditCode: entity!.SCCode,
    });
    // The same answer as the portal's details page: one repository, no second copy of the query.
    const details = createEntityDetailRepository(testApp.app.db, testApp.app.site);
    expect(body.Data.BaseInfo).toEqual(details.baseInfo(entity!.BaseId));
    expect(body.Data.DetailInfo).toEqual(details.detailInfo(entity!.BaseId, localToday()));
    expect(body.Data.DetailInfo.PublicLists.length).toBeGreaterThan(0);
  });

  it('refuses another person’s entity, an unknown one and a malformed id with 403 and one message', async () => {
    const demo = await login(DEMO_PERSON.name, DEMO_PERSON.idNumber);
    const mine = new Set((await entitiesOf(demo)).map((entity) => entity.BaseId));
    const stranger = otherPerson();
    const theirs = (await entitiesOf(await login(stranger.name, stranger.idNumber))).find(
      (entity) => !mine.has(entity.BaseId),
    );
    expect(theirs).toBeDefined();
    for (const EntityId of [theirs!.BaseId, '999999999', '1e3', '-1', ' ']) {
      const answer = await post<Success<null>>(API_PATHS.h5EntityDetail, { Infotoken: demo.Infotoken, EntityId });
      expect(answer.status, EntityId).toBe(403);
      expect(answer.body, EntityId).toMatchObject({ Success: false, Msg: H5_MESSAGES.entityNotLinked });
    }
  });

  it('refuses a token that is unknown or was ended by 退出 with 401', async () => {
    const user = await login(DEMO_PERSON.name, DEMO_PERSON.idNumber);
    const [entity] = await entitiesOf(user);
    const ask = (Infotoken: string) =>
      post<Success<null>>(API_PATHS.h5EntityDetail, { Infotoken, EntityId: entity!.BaseId });
    expect((await ask(user.Infotoken)).status).toBe(200);
    await post(API_PATHS.h5Logout, { Infotoken: user.Infotoken });
    const revoked = await ask(user.Infotoken);
    expect(revoked).toMatchObject({ status: 401, body: { Success: false, Msg: H5_MESSAGES.loginExpired } });
    const forged = await ask('not-a-token');
    expect(forged).toMatchObject({ status: 401, body: { Success: false, Msg: H5_MESSAGES.loginExpired } });
  });
});
