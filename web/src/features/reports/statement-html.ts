import { escapeHtml, formatAmount } from '@bo/contract';

/** The parts of a verifiable statement (server `ledger/chain/statement.ts`) its readable copy shows. */
export interface StatementFile {
  readonly currency: string;
  readonly from: string;
  readonly to: string;
  readonly closingSeal: { readonly day: string; readonly publicKey: string };
  readonly accounts: readonly {
    readonly accountId: string;
    readonly purpose: string;
    readonly opening: { readonly balance: string };
    readonly closing: { readonly balance: string };
    readonly links: readonly {
      readonly entryId: string;
      readonly amount: string;
      readonly balance: string;
      readonly entryAt: string;
      readonly kind: string;
      readonly refId: string;
    }[];
  }[];
}

/** The readable copy's words, in the reader's language. */
export interface StatementWords {
  readonly title: string;
  readonly opening: string;
  readonly closing: string;
  readonly entries: string;
  readonly account: string;
  readonly sealedBy: string;
}

const esc = escapeHtml;

/** An entry's time (microseconds since the epoch) as UTC "YYYY-MM-DD HH:mm:ss". */
const timeOf = (micros: string) =>
  new Date(Number(BigInt(micros) / 1000n)).toISOString().slice(0, 19).replace('T', ' ');

/**
 * The statement as a page to read and print, beside its JSON: each account's opening, its
 * entries with the balance after each, and its closing; what seal it rests on and how to check
 * the JSON. Every value escaped; right to left in Arabic.
 */
export function statementHtml(file: StatementFile, words: StatementWords, lang: string): string {
  const money = (minor: string) => esc(formatAmount(BigInt(minor), file.currency));
  const accounts = file.accounts
    .map(
      (a) => `<h2>${esc(words.account)}: ${esc(a.purpose)}</h2>
<p>${esc(words.opening)}: <b>${money(a.opening.balance)}</b> · ${esc(words.closing)}: <b>${money(a.closing.balance)}</b> · ${esc(words.entries)}: ${a.links.length}</p>
<table><tbody>
${a.links
  .map(
    (l) =>
      `<tr><td>${esc(timeOf(l.entryAt))}</td><td>${esc(l.kind)}</td><td dir="ltr">${esc(l.refId)}</td><td class="n">${money(l.amount)}</td><td class="n">${money(l.balance)}</td></tr>`,
  )
  .join('\n')}
</tbody></table>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="${esc(lang)}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}">
<head><meta charset="utf-8"><title>${esc(words.title)}</title>
<style>body{font-family:Arial,Helvetica,sans-serif;color:#212529;margin:24px}table{border-collapse:collapse;width:100%;font-size:13px}td{border-bottom:1px solid #dee2e6;padding:4px 6px}td.n{text-align:end;font-variant-numeric:tabular-nums}code{word-break:break-all}</style>
</head>
<body>
<h1>${esc(words.title)}</h1>
<p>${esc(words.sealedBy)}</p>
<p><code>${esc(file.closingSeal.publicKey)}</code></p>
${accounts}
</body>
</html>`;
}
