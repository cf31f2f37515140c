/*
 * The opening request: the first content request of a page with a pre-rendered frame,
 * started by public/frame.js when it puts the frame in — before the app's modules have arrived —
 * and taken over by the API client when the app makes the same request. A phone on a slow network
 * then has the home page's content (its largest paint) about when the app can show it, instead of
 * asking for it only after the modules have run.
 *
 * Only public content is ever requested so: a route row names the request (AppRoute
 * `openingRequest`), the prerender writes it into the frame's template, and the client takes the
 * answer only for a request without a user token; anything else is fetched as always.
 */

/** A request as it goes on the wire: method, address with query, and JSON body text. */
export interface OpeningRequest {
  method: string;
  url: string;
  /** The JSON text of the body; absent without one. */
  body?: string;
}

/** Where frame.js leaves the request it started (one per page load). */
export const OPENING_REQUEST_GLOBAL = '__creditPortalOpeningRequest';

interface HeldRequest extends OpeningRequest {
  response: Promise<Response>;
}

/**
 * The answer to the request frame.js started, when `request` is that same request; once only (the
 * next identical request goes to the network, as a retry must).
 */
export function takeOpeningResponse(request: OpeningRequest): Promise<Response> | undefined {
  if (typeof window === 'undefined') return undefined;
  const holder = window as unknown as Record<string, HeldRequest | undefined>;
  const held = holder[OPENING_REQUEST_GLOBAL];
  if (!held || held.method !== request.method || held.url !== request.url || held.body !== request.body) {
    return undefined;
  }
  Reflect.deleteProperty(holder, OPENING_REQUEST_GLOBAL);
  return held.response;
}
