import { formatAmount, PRODUCT_TITLE } from '@bo/contract';
import type { Config } from '../../config/config';
import type { Queryable } from '../../db/db';
import { enqueueMail, mailLanguageOf, renderMail, type MailLanguage } from '../mail/mail.service';
import type { AdjustmentRecord } from './adjustments.queries';

/** What the owner's mail says, in one language: `what` is "+120.00 THB" or "−120.00 THB". */
interface AdjustmentWords {
  subject: string;
  greeting: (name: string) => string;
  happened: (what: string, balance: string) => string;
  reason: (reason: string, note: string) => string;
  footer: string;
  balances: Record<AdjustmentRecord['balance'], string>;
  reasons: Record<AdjustmentRecord['reason_code'], string>;
}

const WORDS: Record<MailLanguage, AdjustmentWords> = {
  en: {
    subject: 'Your balance was adjusted',
    greeting: (n) => `Hello ${n},`,
    happened: (what, balance) => `An adjustment of ${what} was made to your ${balance}.`,
    reason: (r, note) => `Reason: ${r}. ${note}`,
    footer: `${PRODUCT_TITLE}`,
    balances: {
      available: 'available balance',
      payout_available: 'pay-out balance',
      commission: 'commission balance',
    },
    reasons: {
      fee_correction: 'fee correction',
      goodwill: 'goodwill',
      bank_return: 'bank return',
      chargeback_fee: 'chargeback fee',
      other: 'other',
    },
  },
  fr: {
    subject: 'Votre solde a été ajusté',
    greeting: (n) => `Bonjour ${n},`,
    happened: (what, balance) => `Un ajustement de ${what} a été appliqué à votre ${balance}.`,
    reason: (r, note) => `Motif : ${r}. ${note}`,
    footer: `${PRODUCT_TITLE}`,
    balances: {
      available: 'solde disponible',
      payout_available: 'solde de versement',
      commission: 'solde de commission',
    },
    reasons: {
      fee_correction: 'correction de frais',
      goodwill: 'geste commercial',
      bank_return: 'retour bancaire',
      chargeback_fee: 'frais de rétrofacturation',
      other: 'autre',
    },
  },
  es: {
    subject: 'Se ajustó su saldo',
    greeting: (n) => `Hola ${n}:`,
    happened: (what, balance) => `Se aplicó un ajuste de ${what} a su ${balance}.`,
    reason: (r, note) => `Motivo: ${r}. ${note}`,
    footer: `${PRODUCT_TITLE}`,
    balances: {
      available: 'saldo disponible',
      payout_available: 'saldo de pagos',
      commission: 'saldo de comisiones',
    },
    reasons: {
      fee_correction: 'corrección de comisión',
      goodwill: 'cortesía',
      bank_return: 'devolución bancaria',
      chargeback_fee: 'comisión por contracargo',
      other: 'otro',
    },
  },
  zh: {
    subject: '您的余额已调整',
    greeting: (n) => `${n}，您好：`,
    happened: (what, balance) => `您的${balance}已调整 ${what}。`,
    reason: (r, note) => `原因：${r}。${note}`,
    footer: `${PRODUCT_TITLE}`,
    balances: { available: '可用余额', payout_available: '代付余额', commission: '佣金余额' },
    reasons: {
      fee_correction: '费用更正',
      goodwill: '商誉补偿',
      bank_return: '银行退回',
      chargeback_fee: '拒付费用',
      other: '其他',
    },
  },
  ar: {
    subject: 'تم تعديل رصيدك',
    greeting: (n) => `مرحبًا ${n}،`,
    happened: (what, balance) => `تم إجراء تعديل بمقدار ${what} على ${balance}.`,
    reason: (r, note) => `السبب: ${r}. ${note}`,
    footer: `${PRODUCT_TITLE}`,
    balances: {
      available: 'رصيدك المتاح',
      payout_available: 'رصيد الدفعات الصادرة',
      commission: 'رصيد العمولة',
    },
    reasons: {
      fee_correction: 'تصحيح رسوم',
      goodwill: 'تعويض حسن نية',
      bank_return: 'مرتجع بنكي',
      chargeback_fee: 'رسوم استرداد',
      other: 'أخرى',
    },
  },
};

/**
 * Mails the owner of an approved adjustment (its email, in its language), in the approval's
 * transaction, so the mail exists exactly when the money moved. A balance change is not an
 * optional alert: no preference is read. An owner without an email gets none.
 */
export async function queueAdjustmentMail(
  tx: Queryable,
  config: Pick<Config, 'publicUrl'>,
  j: AdjustmentRecord,
): Promise<void> {
  const { rows } = await tx.query<{ email: string; name: string; username: string; lang: string }>(
    'SELECT email, name, username, lang FROM accounts WHERE id = $1',
    [j.owner_account_id],
  );
  const owner = rows[0];
  if (!owner?.email) return;
  const lang = mailLanguageOf(owner.lang);
  const w = WORDS[lang];
  const sign = j.direction === 'credit' ? '+' : '−';
  const what = `${sign}${formatAmount(j.amount, j.currency)} ${j.currency}`;
  await enqueueMail(tx, {
    kind: 'adjustment.approved',
    recipientAccountId: j.owner_account_id,
    recipient: owner.email,
    lang,
    content: renderMail(lang, {
      subject: w.subject,
      greeting: w.greeting(owner.name || owner.username),
      paragraphs: [
        w.happened(what, w.balances[j.balance]),
        w.reason(w.reasons[j.reason_code], j.note),
      ],
      action: { label: PRODUCT_TITLE, url: `${config.publicUrl}/dashboard` },
      footer: w.footer,
    }),
  });
}
