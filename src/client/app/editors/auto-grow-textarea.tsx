import { useLayoutEffect, useRef } from 'react';
import type { TextareaHTMLAttributes } from 'react';
import { growToContent } from '../components/grow-to-content';

/** A textarea that grows with its content (spec 000 §9), as the staff forms' textareas do. */
export function AutoGrowTextarea({
  className,
  value,
  ...props
}: TextareaHTMLAttributes<HTMLTextAreaElement> & { value: string }) {
  const ref = useRef<HTMLTextAreaElement>(null);
  // Also after a change from outside (an entry loaded for editing, the inputs cleared).
  useLayoutEffect(() => growToContent(ref.current), [value]);
  return (
    <textarea
      ref={ref}
      rows={3}
      className={['field__input field__textarea app-textarea', className].filter(Boolean).join(' ')}
      value={value}
      {...props}
    />
  );
}
