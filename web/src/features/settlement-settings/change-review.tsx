import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';

/** One line of what a change will save; `previous` when it replaces another value. */
export interface ReviewLine {
  readonly label: string;
  readonly value: string;
  readonly previous?: string;
  /** Codes (account numbers, addresses): monospace and always left to right. */
  readonly isCode?: boolean;
}

/** What will be saved, line by line, with the value it replaces where it changes one. */
export function ChangeReview({ lines }: { lines: readonly ReviewLine[] }) {
  const { t } = useTranslation();
  return (
    <>
      <p className="mb-3">{t('settlementSetting.review.text')}</p>
      <dl className="row mb-0" data-testid="change-review">
        {lines.map((line) => {
          const code = line.isCode ? 'font-monospace text-break' : 'text-break';
          const isChanged = line.previous !== undefined && line.previous !== line.value;
          return (
            <Fragment key={line.label}>
              <dt className="col-sm-4 text-muted fw-normal">{line.label}</dt>
              <dd className="col-sm-8" data-testid="review-value">
                <bdi className={`fw-medium ${code}`} dir={line.isCode ? 'ltr' : undefined}>
                  {line.value}
                </bdi>
                {isChanged && (
                  <div className="small text-muted">
                    {t('settlementSetting.review.was')}{' '}
                    <bdi className={`text-decoration-line-through ${code}`}>{line.previous}</bdi>
                  </div>
                )}
              </dd>
            </Fragment>
          );
        })}
      </dl>
    </>
  );
}
