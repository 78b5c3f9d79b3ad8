import { facetTable } from '../../core/kind-facets';
import type { MailLanguage } from '../mail/mail.service';

/** How the approvals digest names a money kind's queue, in each mail language. */
export type QueueWords = Readonly<Record<MailLanguage, string>>;

/**
 * The approved kinds' queue names, each written in its kind's folder and filled by
 * `registerMoneyKinds()` (kind-registry).
 */
export const queueWordsOf = facetTable<QueueWords>('digest queue words');
