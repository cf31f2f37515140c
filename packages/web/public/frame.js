/*
 * Puts the pre-rendered frame that fits this address and screen into #root, before the app's
 * modules run (issue 27; the frames and what they assume: src/prerender/). A classic script at
 * the end of the body, from this origin (the CSP's script-src 'self'), so the first paint shows
 * the frame instead of the loading line; the app then hydrates it. An H5 page that needs a person,
 * opened without any trace of one, becomes the H5 login here, as the app would make it; a frame
 * whose page names an opening request has it started here. It changes nothing when no frame fits:
 * no frames in the page, an address without one, a stored choice the frames do not show (login,
 * 长者模式, 大鼠标), a browser that cannot read aloud (the frames show 读屏).
 */
(function () {
  'use strict';
  var frames = document.getElementById('frames');
  var root = document.getElementById('root');
  if (!frames || !root) return;
  // The address's path; the bare address opens the home page.
  var opened = location.hash.replace(/^#/, '').split('?')[0];
  var bare = opened === '' || opened === '/';
  var path = bare ? frames.getAttribute('data-home') || '' : opened;
  preloadAntdScope(frames, path);
  var chosen = null;
  try {
    chosen = choose(frames, path, bare);
  } catch {
    // Storage refused (a private window) or an old browser: the app renders as without frames.
    chosen = null;
  }
  if (frames.parentNode) frames.parentNode.removeChild(frames);
  if (!chosen) return;
  if (chosen.address) {
    // The bare address opens the home page (the router would redirect to it after its first
    // render, which then would not be the frame's).
    history.replaceState(history.state, '', location.pathname + location.search + '#' + chosen.address);
  }
  while (root.firstChild) root.removeChild(root.firstChild);
  root.appendChild(chosen.template.content.cloneNode(true));
  root.setAttribute('data-frame', chosen.key);
  var request = chosen.template.getAttribute('data-request');
  if (request && typeof window.fetch === 'function') startOpeningRequest(JSON.parse(request));

  function choose(holder, path, bare) {
    var stored = (holder.getAttribute('data-frameless-when-stored') || '').split(' ');
    for (var i = 0; i < stored.length; i += 1) {
      if (!stored[i]) continue;
      var pair = stored[i].split('=');
      var value = window.localStorage.getItem(pair[0]);
      if (pair.length === 1 ? value !== null : value === pair[1]) return null;
    }
    if (!('speechSynthesis' in window) || typeof window.SpeechSynthesisUtterance !== 'function') return null;
    if (typeof window.matchMedia !== 'function') return null;
    var address = bare ? path : signInAddress(holder.getAttribute('data-sign-in'), path);
    if (address) path = address;
    var key =
      path + '|' + (window.matchMedia(holder.getAttribute('data-wide-query') || '').matches ? 'wide' : 'narrow');
    var templates = holder.getElementsByTagName('template');
    for (var j = 0; j < templates.length; j += 1) {
      var keys = ' ' + (templates[j].getAttribute('data-frame') || '') + ' ';
      if (keys.indexOf(' ' + key + ' ') !== -1) return { key: key, template: templates[j], address: address };
    }
    return null;
  }

  // antd's configuration (src/components/antd-scope.tsx), which every page but the plain ones
  // loads with its module: its files, named by the build in index.html, now, beside the entry,
  // rather than once the entry has run. Not for a plain page (the home page's first load has none
  // of antd).
  function preloadAntdScope(holder, path) {
    var meta = document.querySelector('meta[name="credit-portal:antd-scope"]');
    if (!meta) return;
    if ((' ' + (holder.getAttribute('data-plain') || '') + ' ').indexOf(' ' + path + ' ') !== -1) return;
    var files = (meta.getAttribute('content') || '').split(' ');
    for (var i = 0; i < files.length; i += 1) {
      if (!files[i]) continue;
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = files[i];
      document.head.appendChild(link);
    }
  }

  // The page's first content request (src/lib/opening-request.ts), now rather than after the
  // app's modules: the app's API client takes its answer when it makes the same request.
  function startOpeningRequest(request) {
    var init = { method: request.method, headers: { Accept: 'application/json' }, credentials: 'same-origin' };
    if (request.body !== undefined) {
      init.headers['Content-Type'] = 'application/json';
      init.body = request.body;
    }
    var response = window.fetch(request.url, init);
    // A failure is for the app's request to report (it takes this answer); unclaimed, it must not
    // surface as an unhandled rejection.
    response['catch'](function () {});
    window.__creditPortalOpeningRequest = {
      method: request.method,
      url: request.url,
      body: request.body,
      response: response,
    };
  }

  // The login's address for an H5 page that needs a person, opened with none of the places the
  // app finds one in (the address's query, localStorage, sessionStorage), where the app would send
  // the visitor; null otherwise.
  function signInAddress(rule, path) {
    if (!rule) return null;
    var signIn = JSON.parse(rule);
    if (signIn.paths.indexOf(path) === -1) return null;
    var query = location.hash.indexOf('?') === -1 ? '' : location.hash.slice(location.hash.indexOf('?') + 1);
    var params = new URLSearchParams(query);
    var search = new URLSearchParams(location.search);
    var unless = signIn.unless;
    for (var i = 0; i < unless.query.length; i += 1) {
      if (params.has(unless.query[i]) || search.has(unless.query[i])) return null;
    }
    for (var j = 0; j < unless.local.length; j += 1) {
      if (window.localStorage.getItem(unless.local[j])) return null;
    }
    for (var k = 0; k < unless.session.length; k += 1) {
      if (window.sessionStorage.getItem(unless.session[k])) return null;
    }
    return signIn.to;
  }
})();
