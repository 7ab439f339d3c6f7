// A page's headers are gathered in JavaScript and written onto its response once (worker/render/page-headers.ts): they
// must behave as the platform's Headers would for every use the Worker makes of them, and the response must carry
// exactly them.
import { describe, expect, it } from 'vitest';
import { PageHeaders } from '../worker/render/page-headers.ts';

describe('page headers', () => {
  it('read, replace and remove a header whatever the case of its name, as Headers does', () => {
    const h = new PageHeaders({ 'Cache-Control': 'public, max-age=0, must-revalidate' });
    expect(h.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    h.set('CACHE-CONTROL', 'private, no-store');
    expect(h.get('Cache-Control')).toBe('private, no-store');
    expect([...h]).toEqual([['CACHE-CONTROL', 'private, no-store']]);
    expect(h.has('content-type')).toBe(false);
    h.delete('cache-control');
    expect(h.has('Cache-Control')).toBe(false);
    expect(h.get('Cache-Control')).toBeNull();
  });

  it('keep every Set-Cookie line appended, and set replaces all of them with one', () => {
    const h = new PageHeaders();
    h.append('Set-Cookie', 'a=1');
    h.append('Set-Cookie', 'b=2');
    const response = h.response(null, 204);
    expect([...response.headers]).toEqual([
      ['set-cookie', 'a=1'],
      ['set-cookie', 'b=2'],
    ]);
    h.set('set-cookie', 'c=3');
    expect([...h]).toEqual([['set-cookie', 'c=3']]);
  });

  it('make a response with exactly their headers and status, the content type replacing a string body’s own', async () => {
    const h = new PageHeaders({ 'Cache-Control': 'no-store' });
    h.set('Content-Type', 'text/html; charset=utf-8');
    h.append('Set-Cookie', 'crumb=x; Path=/');
    const response = h.response('<p>hi</p>', 500);
    expect(response.status).toBe(500);
    expect([...response.headers]).toEqual([
      ['cache-control', 'no-store'],
      ['content-type', 'text/html; charset=utf-8'],
      ['set-cookie', 'crumb=x; Path=/'],
    ]);
    expect(await response.text()).toBe('<p>hi</p>');
  });

  it('leave a bytes body without a content type when none was set', () => {
    const response = new PageHeaders().response(new Uint8Array([104, 105]), 200);
    expect(response.headers.get('Content-Type')).toBeNull();
  });
});
