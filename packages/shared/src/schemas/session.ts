import { Type, type Static } from 'typebox';

/*
 * Login sessions (sessions that end). Every login starts a session at the
 * credit-service; its tokens, the old site's one-time codes and the hand-offs back to the portal
 * are bound to it, and logout or idleness ends them all. Not in the spec: chosen here.
 */

/** Lifetime of the one-time codes the old-site pages take as LoginToken (personal centre, logout). */
export const OLD_SITE_CODE_TTL_SECONDS = 60;

/** POST /user/oldsite/handoff: a one-time code for NewLinkTo.aspx?LoginToken=…, bound to the caller's session. */
export const OldSiteCodeSchema = Type.Object({
  /** Single use, valid OLD_SITE_CODE_TTL_SECONDS; the old site's parameter keeps its name (spec §7). */
  LoginToken: Type.String(),
  /** ISO 8601. */
  ExpiresAt: Type.String(),
});
export type OldSiteCode = Static<typeof OldSiteCodeSchema>;

/**
 * POST /user/logout: the session is over (every token of it, every hand-off minted from it).
 * LoginToken is the one-time code for NewLoginOut.aspx, or null when the call carried no live
 * session (already logged out, expired, idle, or no token): logging out is always a success.
 */
export const LogoutResultSchema = Type.Object({
  LoginToken: Type.Union([Type.String(), Type.Null()]),
});
export type LogoutResult = Static<typeof LogoutResultSchema>;

/** Who asks to log in with a QR code: shown on the phone before it confirms (grzx/confirm). */
export const LoginRequesterSchema = Type.Object({
  /** Browser and system of the asking computer, e.g. "Chrome 131 · Windows" ('未知浏览器' when unknown). */
  Browser: Type.String(),
  /** Its address as the service saw it (through the trusted gateway). */
  Ip: Type.String(),
  /** ISO 8601: when the QR code was created. */
  RequestedAt: Type.String(),
});
export type LoginRequester = Static<typeof LoginRequesterSchema>;

/** Login info kept under SETUSERINFO (spec §3): a mobile account or a chat-app identity. */
export const LoginInfoSchema = Type.Union([
  Type.Object({ User: Type.Object({ Mobile: Type.String(), JwtToken: Type.String() }) }),
  Type.Object({ Wechat: Type.Object({ Nickname: Type.String() }) }),
]);
export type LoginInfo = Static<typeof LoginInfoSchema>;
