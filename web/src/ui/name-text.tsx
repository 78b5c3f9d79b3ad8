import type { ReactNode } from 'react';

/**
 * A name or code as someone typed it (an account or merchant name, an id, a reference): set
 * apart from the text around it and given the direction of its own first letter, so in
 * Arabic "Siam Digital Store Co., Ltd." keeps its full stop at its end and the sentence around
 * it keeps its punctuation. Every screen that shows a name uses this (in plain-text sentences:
 * `isolate` of lib/bidi).
 */
export function NameText({
  children,
  className,
  title,
  testId,
}: {
  children: ReactNode;
  className?: string;
  title?: string;
  testId?: string;
}) {
  return (
    <bdi dir="auto" className={className} title={title} data-testid={testId}>
      {children}
    </bdi>
  );
}
