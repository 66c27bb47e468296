import { describe, expect, it } from 'vitest';
import { liteCookie, liteRequested } from './lite.js';

describe('liteRequested', () => {
  it('follows Save-Data and slow connection hints, from Node or fetch headers', () => {
    expect(liteRequested({})).toBe(false);
    expect(liteRequested({ 'save-data': 'on' })).toBe(true);
    expect(liteRequested(new Headers({ 'Save-Data': 'on' }))).toBe(true);
    expect(liteRequested({ ect: '2g' })).toBe(true);
    expect(liteRequested({ ect: 'slow-2g' })).toBe(true);
    expect(liteRequested({ ect: '3g' })).toBe(false);
    expect(liteRequested({ 'save-data': 'off' })).toBe(false);
  });

  it("lets the reader's choice (cookie, then query) win over the hints", () => {
    expect(liteRequested({ cookie: 'theme=dark; lite=on' })).toBe(true);
    expect(liteRequested({ cookie: 'lite=off', 'save-data': 'on' })).toBe(false);
    expect(liteRequested({ cookie: 'notlite=on' })).toBe(false);
    expect(liteRequested({ cookie: 'lite=off' }, new URLSearchParams('lite=1'))).toBe(true);
    expect(liteRequested({ 'save-data': 'on' }, new URLSearchParams('lite=0'))).toBe(false);
  });

  it('sets and clears the cookie', () => {
    expect(liteCookie('on')).toMatch(/^lite=on; Path=\/; Max-Age=\d+; SameSite=Lax$/);
    expect(liteCookie('bogus')).toMatch(/^lite=; Path=\/; Max-Age=0/);
  });
});
