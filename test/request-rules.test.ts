// The generic request layer's pure rules (§7 encoding and URLs, §8 failures and response flags), as tables.
import { describe, expect, it } from 'vitest';
import { classifyFailure, encodeBody, errorKeyFor, requestUrl, responseFlag, unparsableMessage } from '../shared/request.ts';

describe('§8 failures', () => {
  it.each([
    [400, { error: 'Bad field' }, 'passThrough', 'Bad field', false],
    [401, { message: 'Log in again' }, 'passThrough', 'Log in again', false],
    [500, { billingErrorCode: 42 }, 'passThrough', '42', false],
    [404, { error: 'Nope' }, 'unreachable', 'Unable to connect...', true],
    [401, null, 'unauthorized', 'Unauthorized request', false],
    [403, { error: 'x' }, 'unauthorized', 'Unauthorized request', false],
    [500, null, 'internal', 'Internal server error. Please try again later.', false],
    [501, { other: 1 }, 'internal', 'Internal server error. Please try again later.', false],
    [503, { error: 'down' }, 'unavailable', 'This service is temporarily unavailable. Please try again later.', false],
    [429, null, 'unreachable', 'Unable to connect...', true],
    [0, null, 'unreachable', 'Unable to connect...', true],
  ])('status %i with %o is %s: %s (retryable %s)', (status, body, kind, message, retryable) =>
    expect(classifyFailure(status, body)).toEqual({ kind, message, retryable }),
  );

  it('an unparsable answer names the URL and the body', () =>
    expect(unparsableMessage('/api/x?crumb=c', '<html>')).toBe(
      'Internal Error: Unable to parse server response from (/api/x?crumb=c) as JSON: <html>',
    ));

  it('a network error key is the URL in base64', () => expect(atob(errorKeyFor('/api/census/RecordHit'))).toBe('/api/census/RecordHit'));
});

describe('§8 response flags', () => {
  it.each([
    [{ crumbFail: true, crumb: 'abc' }, 'crumbFail'],
    [{ crumbFail: true }, undefined],
    [{ loginRequired: true }, 'loginRequired'],
    [{ authorizationFail: true }, 'authorizationFail'],
    [{ errors: { f1: 'Required' } }, 'errors'],
    [{ error: 'x' }, undefined],
    [null, undefined],
    ['text', undefined],
  ])('%o flags %s', (body, flag) => expect(responseFlag(body)).toBe(flag));
});

describe('§7 encoding', () => {
  it('sends JSON bodies as application/json', () =>
    expect(encodeBody({ a: 1, b: { c: [2] } }, true)).toEqual({ contentType: 'application/json', body: '{"a":1,"b":{"c":[2]}}' }));

  it('sends nested objects as JSON-string fields of a form body, and leaves undefined out', () => {
    const { contentType, body } = encodeBody(
      { event: 'page view', data: { url: '/a', n: 1 }, list: [1, 2], none: undefined, zero: 0 },
      false,
    );
    expect(contentType).toBe('application/x-www-form-urlencoded');
    const form = new URLSearchParams(body);
    expect(Object.fromEntries(form)).toEqual({ event: 'page view', data: '{"url":"/a","n":1}', list: '[1,2]', zero: '0' });
  });

  it.each([
    ['/api/form/FormSubmissionKey', 'POST', undefined, 'c1', '/api/form/FormSubmissionKey?crumb=c1'],
    [
      '/api/census/Summary?from=2026-11-01',
      'GET',
      { to: '2026-11-02' },
      'c1',
      '/api/census/Summary?from=2026-11-01&to=2026-11-02&crumb=c1',
    ],
    ['/api/cart', 'DELETE', { entryId: 'e 1' }, undefined, '/api/cart?entryId=e+1'],
    ['/commerce/goto-checkout', 'GET', undefined, 'c1', '/commerce/goto-checkout'],
    ['/api/x', 'POST', { a: 1 }, 'c1', '/api/x?crumb=c1'],
  ] as const)('%s %s with %o and crumb %s goes to %s', (path, method, data, crumb, url) =>
    expect(requestUrl(path, method, data as Record<string, unknown> | undefined, crumb)).toBe(url),
  );
});
