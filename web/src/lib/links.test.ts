import { describe, expect, it } from 'vitest';
import { telegramLinkOf } from './links';

describe('telegramLinkOf', () => {
  it('turns a stored contact into a t.me link', () => {
    expect(telegramLinkOf('@siam_support')).toBe('https://t.me/siam_support');
    expect(telegramLinkOf('siam_support')).toBe('https://t.me/siam_support');
    expect(telegramLinkOf('https://t.me/+abc')).toBe('https://t.me/+abc');
  });

  it('has no link for an empty contact', () => {
    expect(telegramLinkOf('')).toBeNull();
    expect(telegramLinkOf('   ')).toBeNull();
    expect(telegramLinkOf(undefined)).toBeNull();
  });
});
