import { Fragment } from 'react';

/**
 * An e-mail address that wraps on a phone only where a reader expects it: before the @ and before each dot
 * (never mid-word, as overflow-wrap alone would do).
 */
export function EmailText({ email, className }: { email: string; className?: string }) {
  const parts = email.split(/(?=[@.])/);
  return (
    <span className={className}>
      {parts.map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string, never reordered
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
