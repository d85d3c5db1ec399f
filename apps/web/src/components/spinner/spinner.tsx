import { SPINNER } from '../../config/seed-constants';
import './spinner.css';

export function clampProgress(value: number): number {
  if (Number.isNaN(value)) return SPINNER.minValue;
  return Math.min(SPINNER.maxValue, Math.max(SPINNER.minValue, value));
}

interface SpinnerProps {
  /** Diameter in pixels. */
  diameter?: number;
  /** Width of the ring in pixels; a tenth of the diameter unless given. */
  strokeWidth?: number;
  /** Percentage done; without it the spinner turns indefinitely. */
  value?: number;
  /** What is loading, for assistive technology; without it the spinner is decoration. */
  label?: string;
  className?: string;
}

/**
 * A Material progress spinner in plain SVG and CSS, so that light pages can
 * show it without MUI. It draws in the current text colour.
 */
export function Spinner({
  diameter = SPINNER.diameter,
  strokeWidth = diameter * SPINNER.strokeRatio,
  value,
  label,
  className,
}: SpinnerProps) {
  const radius = (diameter - strokeWidth) / 2;
  const circumference = 2 * Math.PI * radius;
  const determinate = value !== undefined;
  const progress = determinate ? clampProgress(value) : undefined;
  const a11y =
    label === undefined
      ? { 'aria-hidden': true }
      : {
          role: 'progressbar',
          'aria-label': label,
          'aria-valuemin': determinate ? SPINNER.minValue : undefined,
          'aria-valuemax': determinate ? SPINNER.maxValue : undefined,
          'aria-valuenow': progress,
        };
  return (
    <svg
      className={`spinner${determinate ? '' : ' spinner--indeterminate'}${className ? ` ${className}` : ''}`}
      width={diameter}
      height={diameter}
      viewBox={`0 0 ${diameter} ${diameter}`}
      focusable="false"
      {...a11y}
    >
      <circle
        className="spinner__ring"
        cx={diameter / 2}
        cy={diameter / 2}
        r={radius}
        fill="none"
        stroke="currentColor"
        strokeWidth={strokeWidth}
        strokeDasharray={circumference}
        strokeDashoffset={
          progress === undefined ? circumference * 0.7 : circumference * (1 - progress / 100)
        }
      />
    </svg>
  );
}
