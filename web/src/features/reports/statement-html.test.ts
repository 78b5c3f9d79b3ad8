import { describe, expect, it } from 'vitest';
import { statementHtml, type StatementFile } from './statement-html';

const FILE: StatementFile = {
  currency: 'THB',
  from: '2026-11-01',
  to: '2026-11-30',
  closingSeal: { day: '2026-11-30', publicKey: 'MCowBQYDK2VwAyEA' },
  accounts: [
    {
      accountId: 'a1',
      purpose: 'available',
      opening: { balance: '10000' },
      closing: { balance: '9950' },
      links: [
        {
          entryId: '7',
          amount: '-50',
          balance: '9950',
          entryAt: '1764460800000000',
          kind: 'payout.post<script>',
          refId: 'r-1',
        },
      ],
    },
  ],
};
const WORDS = {
  title: 'Statement of MER00001',
  opening: 'Opening',
  closing: 'Closing',
  entries: 'Entries',
  account: 'Account',
  sealedBy: 'Sealed on 2026-11-30',
};

describe('a verifiable statement’s readable copy', () => {
  it('shows each account’s opening, entries and closing in the currency’s units, every value escaped', () => {
    const html = statementHtml(FILE, WORDS, 'en');
    expect(html).toContain('Opening: <b>100.00</b>');
    expect(html).toContain('Closing: <b>99.50</b>');
    expect(html).toContain('<td class="n">-0.50</td><td class="n">99.50</td>');
    expect(html).toContain('2025-11-30 00:00:00');
    expect(html).toContain('payout.post&lt;script&gt;');
    expect(html).not.toContain('<script>');
  });

  it('reads right to left in Arabic', () => {
    expect(statementHtml(FILE, WORDS, 'ar')).toContain('<html lang="ar" dir="rtl">');
  });
});
