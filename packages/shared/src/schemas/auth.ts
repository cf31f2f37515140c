import { Type, type Static } from 'typebox';

/** Login info kept under SETUSERINFO (spec §3): a mobile account or a chat-app identity. */
export const LoginInfoSchema = Type.Union([
  Type.Object({ User: Type.Object({ Mobile: Type.String(), JwtToken: Type.String() }) }),
  Type.Object({ Wechat: Type.Object({ Nickname: Type.String() }) }),
]);
export type LoginInfo = Static<typeof LoginInfoSchema>;
