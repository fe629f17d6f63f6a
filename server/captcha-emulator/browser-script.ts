/**
 * The emulator's browser script: the provider's JS API (render / execute / reset / getResponse /
 * remove / ready) for an invisible widget, getting its token from the emulator over HTTP.
 * One implementation serves the three globals: grecaptcha (reCAPTCHA), hcaptcha, turnstile.
 */
export type EmulatedProvider = 'recaptcha' | 'hcaptcha' | 'turnstile';

export const PROVIDER_GLOBAL: Record<EmulatedProvider, string> = {
  recaptcha: 'grecaptcha',
  hcaptcha: 'hcaptcha',
  turnstile: 'turnstile',
};

/** A JS identifier (optionally dotted) safe to embed as the onload callback name. */
const CALLBACK_NAME = /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/;

export function browserScript(origin: string, provider: EmulatedProvider, onload: string | null): string {
  const onloadName = onload && CALLBACK_NAME.test(onload) ? onload : null;
  return `/* Captcha emulator (${provider}) — for development and tests only, never for production. */
(function () {
  'use strict';
  var ORIGIN = ${JSON.stringify(origin)};
  var GLOBAL = ${JSON.stringify(PROVIDER_GLOBAL[provider])};
  var ONLOAD = ${JSON.stringify(onloadName)};
  var widgets = {};
  var nextId = 0;

  function lookup(name) {
    if (typeof name === 'function') return name;
    if (typeof name !== 'string') return null;
    var target = window;
    var parts = name.split('.');
    for (var i = 0; i < parts.length; i++) { target = target && target[parts[i]]; }
    return typeof target === 'function' ? target : null;
  }
  function call(fn, arg) {
    var f = lookup(fn);
    if (f) { try { f(arg); } catch (e) { setTimeout(function () { throw e; }); } }
  }
  function widgetFor(id) {
    if (id === undefined || id === null) id = 0;
    if (typeof id === 'object' || (typeof id === 'string' && !(id in widgets))) {
      for (var k in widgets) {
        if (widgets[k].el === id || (typeof id === 'string' && widgets[k].el && widgets[k].el.id === id.replace(/^#/, ''))) return widgets[k];
      }
    }
    var w = widgets[id];
    if (!w) throw new Error('Invalid ' + GLOBAL + ' client id: ' + id);
    return w;
  }
  function render(container, params) {
    var el = typeof container === 'string' ? document.getElementById(container.replace(/^#/, '')) || document.querySelector(container) : container;
    if (!el) throw new Error('Invalid ' + GLOBAL + ' container');
    if (!params || !params.sitekey) throw new Error('Missing required parameters: sitekey');
    var id = nextId++;
    widgets[id] = { id: id, el: el, params: params, token: null, timer: null, pending: false };
    el.setAttribute('data-captcha-emulator', GLOBAL);
    return GLOBAL === 'turnstile' ? String(id) : id;
  }
  function expireLater(w, ttlSeconds) {
    if (w.timer) clearTimeout(w.timer);
    w.timer = setTimeout(function () { w.token = null; call(w.params['expired-callback'], 'expired'); }, ttlSeconds * 1000);
  }
  function execute(id) {
    var w = widgetFor(id);
    if (w.pending) return Promise.resolve(w.token || '');
    w.pending = true;
    return fetch(ORIGIN + '/token', {
      method: 'POST',
      // Text, not application/json: a simple cross-origin request, answered in one round trip as the
      // providers' own are, with no CORS preflight first (the emulator reads the body as JSON).
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      body: JSON.stringify({ sitekey: w.params.sitekey, hostname: location.hostname })
    }).then(function (r) {
      return r.json().then(function (body) { return { ok: r.ok, body: body }; });
    }).then(function (res) {
      w.pending = false;
      if (!res.ok || !res.body || !res.body.token) {
        call(w.params['error-callback'], (res.body && res.body.error) || 'internal-error');
        return '';
      }
      w.token = res.body.token;
      expireLater(w, res.body.expiresIn || 120);
      call(w.params.callback, w.token);
      return w.token;
    }, function () {
      w.pending = false;
      call(w.params['error-callback'], 'network-error');
      return '';
    });
  }
  function reset(id) {
    var w = widgetFor(id);
    if (w.timer) clearTimeout(w.timer);
    w.token = null;
    w.pending = false;
  }
  function getResponse(id) { return widgetFor(id).token || ''; }
  function remove(id) { var w = widgetFor(id); reset(id); delete widgets[w.id]; }
  function ready(fn) { if (typeof fn === 'function') setTimeout(fn); }

  window[GLOBAL] = {
    render: render, execute: execute, reset: reset, getResponse: getResponse, remove: remove, ready: ready,
    isEmulator: true
  };
  if (ONLOAD) setTimeout(function () { call(ONLOAD); });
})();
`;
}
