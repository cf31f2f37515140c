import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WIDE_SCREEN_QUERY } from '@/hooks/use-media-query';
import { assumeForFirstRender, matchesAtFirstRender } from '@/lib/first-render';
import { takeOpeningResponse } from '@/lib/opening-request';
import { H5 } from '@credit-portal/shared';
import {
  FRAME_ATTRIBUTE,
  FRAME_SIGN_IN,
  FRAMELESS_WHEN_STORED,
  frameFacts,
  frameKey,
  FRAMES_ELEMENT_ID,
} from '@/prerender/frames';
import frameScript from '../../public/frame.js?raw';

describe('the first render of a pre-rendered frame', () => {
  afterEach(() => assumeForFirstRender({ width: 0, readAloud: false }));

  it('answers width queries for the width the frame assumed', () => {
    assumeForFirstRender({ width: 375, readAloud: true });
    expect(matchesAtFirstRender('(width < 768px)')).toBe(true);
    expect(matchesAtFirstRender('(min-width: 768px)')).toBe(false);
    expect(matchesAtFirstRender('(max-width: 375px)')).toBe(true);
    expect(matchesAtFirstRender('(width >= 376px)')).toBe(false);
    assumeForFirstRender({ width: 1440, readAloud: true });
    expect(matchesAtFirstRender('(width < 768px)')).toBe(false);
    expect(matchesAtFirstRender('(min-width: 768px)')).toBe(true);
    expect(matchesAtFirstRender('(width > 1439px)')).toBe(true);
  });

  it('answers false to any other query, and to every query outside a frame', () => {
    assumeForFirstRender({ width: 375, readAloud: true });
    expect(matchesAtFirstRender('(prefers-reduced-motion: reduce)')).toBe(false);
    expect(matchesAtFirstRender('print')).toBe(false);
    assumeForFirstRender({ width: 0, readAloud: false });
    expect(matchesAtFirstRender('(width < 768px)')).toBe(false);
  });

  it('knows the facts of a frame only from a key of a framed address and screen', () => {
    expect(frameFacts(frameKey('/index', 'narrow'))).toEqual({ width: 375, readAloud: true });
    expect(frameFacts(frameKey('/h5/login', 'wide'))).toEqual({ width: 1440, readAloud: true });
    expect(frameFacts('/xyfw/search/details|narrow')).toBeUndefined();
    expect(frameFacts('/index|tablet')).toBeUndefined();
    expect(frameFacts('/index')).toBeUndefined();
  });
});

/** public/frame.js, as the browser runs it: a classic script at the end of the body. */
const FRAME_SCRIPT: string = frameScript;

/** The home page's opening request, as the prerender writes it into the home page's phone frame. */
const OPENING = { method: 'POST', url: '/Cms/mrlbAll', body: '{"pageSize":7}' };

/** A page as the gateway's prerender makes it (src/prerender/page.tsx), with two frames. */
function pageWithFrames(): void {
  document.body.innerHTML =
    `<div id="root"><p aria-busy="true">正在加载…</p></div>` +
    `<div id="${FRAMES_ELEMENT_ID}" hidden data-home="/index" data-wide-query="${WIDE_SCREEN_QUERY}"` +
    ` data-frameless-when-stored="${FRAMELESS_WHEN_STORED.join(' ')}"` +
    ` data-sign-in='${JSON.stringify(FRAME_SIGN_IN)}'>` +
    `<template data-frame="/index|narrow" data-request='${JSON.stringify(OPENING)}'><header>phone home</header></template>` +
    `<template data-frame="/h5/gtxy|wide"><header>h5 entities</header></template>` +
    `<template data-frame="/index|wide"><header>desktop home</header></template>` +
    `<template data-frame="/h5/login|narrow /h5/login|wide"><header>h5 login</header></template>` +
    `</div>`;
}

const runFrameScript = () => new Function(FRAME_SCRIPT)() as void;
const root = () => document.getElementById('root')!;

describe('public/frame.js', () => {
  const speech = 'speechSynthesis' in window;
  beforeEach(() => {
    // jsdom cannot read aloud; the frames are made for browsers that can.
    Object.assign(window, { speechSynthesis: {}, SpeechSynthesisUtterance: function Utterance() {} });
    window.localStorage.clear();
    window.history.replaceState(null, '', '/#/index');
    pageWithFrames();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    if (!speech) Reflect.deleteProperty(window, 'speechSynthesis');
    window.localStorage.clear();
    document.body.innerHTML = '';
  });

  it('puts the frame of the address and the screen into #root and removes the rest', () => {
    // jsdom's window is 1024 px wide (test/setup.ts answers width queries for it).
    runFrameScript();
    expect(root().getAttribute(FRAME_ATTRIBUTE)).toBe('/index|wide');
    expect(root().innerHTML).toBe('<header>desktop home</header>');
    expect(document.getElementById(FRAMES_ELEMENT_ID)).toBeNull();
  });

  it('starts the opening request of the frame it puts in, for the app to take', async () => {
    const fetch = vi.fn(() => Promise.resolve(new Response('{}')));
    vi.stubGlobal('fetch', fetch);
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query }));
    runFrameScript();
    expect(root().getAttribute(FRAME_ATTRIBUTE)).toBe('/index|narrow');
    expect(fetch).toHaveBeenCalledWith('/Cms/mrlbAll', {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: '{"pageSize":7}',
      credentials: 'same-origin',
    });
    const held = takeOpeningResponse(OPENING);
    expect(held).toBeDefined();
    expect(await held).toBeInstanceOf(Response);
  });

  it('starts no request for a frame whose page names none', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    runFrameScript();
    expect(root().getAttribute(FRAME_ATTRIBUTE)).toBe('/index|wide');
    expect(fetch).not.toHaveBeenCalled();
    expect(takeOpeningResponse(OPENING)).toBeUndefined();
  });

  it('finds a frame stored under several keys', () => {
    window.history.replaceState(null, '', '/#/h5/login?from=qr');
    runFrameScript();
    expect(root().getAttribute(FRAME_ATTRIBUTE)).toBe('/h5/login|wide');
    expect(root().textContent).toBe('h5 login');
  });

  it('opens the bare address at the home page, whose frame it shows', () => {
    window.history.replaceState(null, '', '/');
    runFrameScript();
    expect(window.location.hash).toBe('#/index');
    expect(root().getAttribute(FRAME_ATTRIBUTE)).toBe('/index|wide');
  });

  it.each(['/h5/gtxy', '/h5/PersonCreditReport?from=qr'])(
    'opens %s without any trace of a person at the H5 login, whose frame it shows',
    (address) => {
      window.history.replaceState(null, '', `/#${address}`);
      runFrameScript();
      expect(window.location.hash).toBe('#/h5/login');
      expect(root().getAttribute(FRAME_ATTRIBUTE)).toBe('/h5/login|wide');
      expect(root().textContent).toBe('h5 login');
    },
  );

  it.each([
    ['test parameters in the address', '/h5/gtxy?name=a&idCard=b', () => undefined],
    ['a face verification’s code', '/h5/gtxy?code=c', () => undefined],
    ['a code before the hash', '/h5/gtxy', () => window.history.replaceState(null, '', '/?code=c#/h5/gtxy')],
    ['an alternate channel’s token', '/h5/gtxy', () => window.localStorage.setItem(H5.storageKeys.izgtxytoken, 'iz')],
    ['this tab’s login', '/h5/gtxy', () => window.sessionStorage.setItem(H5.storageKeys.infotoken, 'info')],
  ])('leaves an H5 page with %s to the app', (_label, address, store) => {
    window.history.replaceState(null, '', `/#${address}`);
    store();
    runFrameScript();
    expect(window.location.hash).toBe(`#${address}`);
    expect(root().getAttribute(FRAME_ATTRIBUTE)).toBe('/h5/gtxy|wide');
    window.sessionStorage.clear();
  });

  it.each([
    ['长者模式', 'elderMode', '1'],
    ['大鼠标', 'largeCursor', '1'],
    ['a login', 'SETUSERINFO', '{"mobile":"13900000000"}'],
  ])('leaves the loading line to the app when %s is stored', (_label, key, value) => {
    window.localStorage.setItem(key, value);
    runFrameScript();
    expect(root().hasAttribute(FRAME_ATTRIBUTE)).toBe(false);
    expect(root().textContent).toBe('正在加载…');
    expect(document.getElementById(FRAMES_ELEMENT_ID)).toBeNull();
  });

  it('uses a frame when those choices are stored switched off', () => {
    window.localStorage.setItem('elderMode', '0');
    window.localStorage.setItem('largeCursor', '0');
    runFrameScript();
    expect(root().getAttribute(FRAME_ATTRIBUTE)).toBe('/index|wide');
  });

  it('changes nothing for an address without a frame, or a browser that cannot read aloud', () => {
    window.history.replaceState(null, '', '/#/xyfw/search/details?id=1');
    runFrameScript();
    expect(root().hasAttribute(FRAME_ATTRIBUTE)).toBe(false);
    pageWithFrames();
    window.history.replaceState(null, '', '/#/index');
    Reflect.deleteProperty(window, 'speechSynthesis');
    runFrameScript();
    expect(root().hasAttribute(FRAME_ATTRIBUTE)).toBe(false);
    expect(root().textContent).toBe('正在加载…');
  });

  it('changes nothing in a page without frames (the Vite dev server)', () => {
    document.body.innerHTML = '<div id="root"><p>正在加载…</p></div>';
    runFrameScript();
    expect(root().hasAttribute(FRAME_ATTRIBUTE)).toBe(false);
  });
});
