import type { ReactNode } from 'react';

interface FieldFrameProps {
  label: string;
  inputId: string;
  helpId: string;
  required?: boolean;
  error?: string;
  hint?: string;
  /** Shows the hint as a caution. */
  warning?: boolean;
  /** Right-aligned under the field, such as a "3 / 11" counter; hidden from screen readers. */
  aside?: string;
  select?: boolean;
  /** The control; it must come before the label, which floats over it with CSS. */
  children: ReactNode;
  /** A button inside the field, after the label. */
  button?: ReactNode;
}

/** The outlined Material frame around a plain control: floating label and help line. */
export function FieldFrame({
  label,
  inputId,
  helpId,
  required = false,
  error,
  hint,
  warning = false,
  aside,
  select = false,
  children,
  button,
}: FieldFrameProps) {
  return (
    <div
      className={`plain-field${error ? ' plain-field--invalid' : warning ? ' plain-field--warning' : ''}`}
    >
      <div className={`plain-field__control${select ? ' plain-field__control--select' : ''}`}>
        {children}
        <label className="plain-field__label" htmlFor={inputId}>
          {label}
          {required && (
            <span className="plain-field__required" aria-hidden="true">
              *
            </span>
          )}
        </label>
        {button}
      </div>
      <div className="plain-field__help">
        <span id={helpId}>{error ?? hint}</span>
        {aside !== undefined && <span aria-hidden="true">{aside}</span>}
      </div>
    </div>
  );
}
