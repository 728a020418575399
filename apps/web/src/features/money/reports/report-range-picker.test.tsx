import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReportRange } from './report-range';
import { ReportRangePicker } from './report-range-picker';

afterEach(cleanup);

const TODAY = '2026-05-15';

/** The picker with its range held as the page holds it (in the URL), reporting each change. */
function renderPicker(initial: ReportRange) {
  const onRangeChange = vi.fn();
  function Holder() {
    const [range, setRange] = useState(initial);
    return (
      <ReportRangePicker
        range={range}
        today={TODAY}
        onRangeChange={(next) => {
          onRangeChange(next);
          setRange(next);
        }}
      />
    );
  }
  render(<Holder />);
  return {
    onRangeChange,
    period: screen.getByLabelText<HTMLSelectElement>('Period'),
    from: screen.getByLabelText<HTMLInputElement>('From'),
    to: screen.getByLabelText<HTMLInputElement>('To'),
  };
}

describe('ReportRangePicker', () => {
  it('shows the preset the range is, and a picked preset sets its days', async () => {
    const { onRangeChange, period, from, to } = renderPicker({ from: '2025-06-01', to: TODAY });
    expect(period.value).toBe('last-12-months');

    await userEvent.selectOptions(period, 'last-year');

    expect(onRangeChange).toHaveBeenCalledExactlyOnceWith({ from: '2025-01-01', to: '2025-12-31' });
    expect(from.value).toBe('2025-01-01');
    expect(to.value).toBe('2025-12-31');
  });

  it('applies days that make a range, and calls it custom', () => {
    const { onRangeChange, period, from } = renderPicker({ from: '2025-06-01', to: TODAY });

    fireEvent.change(from, { target: { value: '2026-02-10' } });

    expect(onRangeChange).toHaveBeenCalledExactlyOnceWith({ from: '2026-02-10', to: TODAY });
    expect(period.value).toBe('custom');
  });

  it('keeps a start after the end in the field, says why, and sends nothing', () => {
    const { onRangeChange, from } = renderPicker({ from: '2026-01-01', to: '2026-03-31' });

    fireEvent.change(from, { target: { value: '2026-04-02' } });

    expect(onRangeChange).not.toHaveBeenCalled();
    expect(from.value).toBe('2026-04-02');
    expect(screen.getByRole('alert').textContent).toBe('The start must not be after the end');
  });

  it('moves to the start day when Custom range is picked, without changing the range', async () => {
    const { onRangeChange, period, from } = renderPicker({ from: '2025-06-01', to: TODAY });

    await userEvent.selectOptions(period, 'custom');

    expect(onRangeChange).not.toHaveBeenCalled();
    expect(period.value).toBe('custom');
    expect(document.activeElement).toBe(from);
  });
});
