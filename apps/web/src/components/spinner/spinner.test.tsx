import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { clampProgress, Spinner } from './spinner';

function renderSpinner(props: Parameters<typeof Spinner>[0]) {
  render(<Spinner label="Cargando" {...props} />);
  const svg = screen.getByRole('progressbar', { name: 'Cargando' });
  const ring = svg.querySelector('circle')!;
  return {
    svg,
    diameter: Number(svg.getAttribute('width')),
    stroke: Number(ring.getAttribute('stroke-width')),
  };
}

describe('Spinner', () => {
  it('is 100 px wide with a 10 px ring by default', () => {
    const { diameter, stroke } = renderSpinner({});
    expect(diameter).toBe(100);
    expect(stroke).toBeCloseTo(10);
  });

  it('keeps the ring a tenth of any diameter unless told otherwise', () => {
    expect(renderSpinner({ diameter: 40 }).stroke).toBeCloseTo(4);
  });

  it('takes an explicit ring width', () => {
    expect(renderSpinner({ diameter: 40, strokeWidth: 2 }).stroke).toBe(2);
  });

  it('turns indefinitely without a value', () => {
    const { svg } = renderSpinner({});
    expect(svg).toHaveClass('spinner--indeterminate');
    expect(svg).not.toHaveAttribute('aria-valuenow');
  });

  it('shows a determinate value clamped to 0–100', () => {
    const { svg } = renderSpinner({ value: 150 });
    expect(svg).toHaveAttribute('aria-valuenow', '100');
    expect(svg.querySelector('circle')).toHaveAttribute('stroke-dashoffset', '0');
  });

  it('is hidden from assistive technology when it has no label', () => {
    const { container } = render(<Spinner />);
    expect(container.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  });

  it('clamps values', () => {
    expect(clampProgress(-5)).toBe(0);
    expect(clampProgress(42)).toBe(42);
    expect(clampProgress(101)).toBe(100);
    expect(clampProgress(Number.NaN)).toBe(0);
  });
});
