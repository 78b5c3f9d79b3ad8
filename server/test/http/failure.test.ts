import { describe, expect, it } from 'vitest';
import { AppError, conflict } from '../../src/core/app-error';
import { failureOf } from '../../src/http/failure';
import { apiFailureOf } from '../../src/merchant-api/api-route';
import { ApiFailure } from '../../src/merchant-api/merchant-auth';

describe('the one failure mapping', () => {
  it('keeps an AppError as it is, with its refusal reason', () => {
    const error = new AppError('NOT_ALLOWED', 'Not from this address', 'login_ip_not_allowed');
    expect(failureOf(error)).toEqual({
      status: 403,
      message: 'Not from this address',
      reason: 'login_ip_not_allowed',
      unexpected: false,
    });
  });

  it('puts framework refusals in safe words and hides anything else behind a 500', () => {
    expect(failureOf({ statusCode: 415 })).toMatchObject({ status: 415, unexpected: false });
    expect(failureOf({ code: 'FST_PARTS_LIMIT' })).toMatchObject({ status: 413 });
    expect(failureOf({ statusCode: 400 })).toMatchObject({ status: 400, unexpected: false });
    expect(failureOf(new Error('connection refused at 10.0.0.3'))).toEqual({
      status: 500,
      message: 'Something went wrong on our side',
      unexpected: true,
    });
  });

  it('answers a transaction that lost every try to other writers 503, to be sent again', () => {
    for (const code of ['40001', '40P01'])
      expect(failureOf({ code })).toMatchObject({
        status: 503,
        retryAfterSeconds: 1,
        unexpected: false,
      });
  });

  it('gives the merchant API the same status and message under its own codes', () => {
    expect(apiFailureOf(conflict('The order id is used'))).toMatchObject({
      status: 409,
      code: 'conflict',
      message: 'The order id is used',
    });
    expect(apiFailureOf(new AppError('NOT_ALLOWED', 'No contract'))).toMatchObject({
      status: 400,
      code: 'bad_request',
    });
    expect(apiFailureOf(new Error('boom'))).toMatchObject({ status: 500, code: 'internal' });
    const own = new ApiFailure(401, 'unknown_key', 'The API key is not known');
    expect(apiFailureOf(own)).toBe(own);
  });
});
