/** One line of a quote: its key (`data-quote`), its label and its formatted value. */
export interface QuoteLine {
  readonly key: string;
  readonly label: string;
  readonly value: string;
}

/** A notice under a quote's lines (not enough balance, needs approval). */
export interface QuoteNotice {
  readonly testId: string;
  readonly tone: 'info' | 'danger';
  readonly text: string;
}

/**
 * A quote as every confirm dialog shows it: its lines, what remains in bold, then the notices
 * that apply. The money request and the refund dialogs fill it with their own lines.
 */
export function QuoteFigures({
  testId,
  lines,
  notices,
}: {
  testId: string;
  lines: readonly QuoteLine[];
  notices: readonly QuoteNotice[];
}) {
  return (
    <>
      <dl className="mb-2" data-testid={testId}>
        {lines.map(({ key, label, value }) => (
          <div key={key} className="d-flex justify-content-between gap-3 border-bottom py-1">
            <dt className="fw-normal text-muted">{label}</dt>
            {/* A long value (a note, an id) wraps inside the line, even without spaces: a phone's dialog never widens. */}
            <dd
              className={`mb-0 text-end text-break ${key === 'remaining' ? 'fw-semibold' : ''}`}
              data-quote={key}
            >
              <bdi>{value}</bdi>
            </dd>
          </div>
        ))}
      </dl>
      {notices.map(({ testId: noticeId, tone, text }) => (
        <div key={noticeId} className={`alert alert-${tone} py-2 small`} data-testid={noticeId}>
          {text}
        </div>
      ))}
    </>
  );
}
