import { cleanup, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useCardShortcuts } from './use-card-shortcuts';

afterEach(cleanup);

/** A card with two shortcuts, a text field and a dialog, recording which shortcuts ran. */
function Card({ isEnabled = true, hasDialog = false }: { isEnabled?: boolean; hasDialog?: boolean }) {
  const [pressed, setPressed] = useState<string[]>([]);
  useCardShortcuts(
    { d: () => setPressed((list) => [...list, 'done']), s: () => setPressed((list) => [...list, 'skip']) },
    isEnabled,
  );
  return (
    <>
      <output>{pressed.join(',')}</output>
      <input aria-label="Note" />
      {hasDialog && <div role="dialog" aria-label="Open dialog" />}
    </>
  );
}

const output = (container: HTMLElement) => container.querySelector('output')?.textContent;

describe('useCardShortcuts', () => {
  it('runs the letter’s handler, whatever its case, and nothing for other letters', async () => {
    const { container } = render(<Card />);
    await userEvent.keyboard('dxS');
    expect(output(container)).toBe('done,skip');
  });

  it('lets letters typed in a field be text', async () => {
    const { container, getByLabelText } = render(<Card />);
    await userEvent.type(getByLabelText('Note'), 'ds');
    expect(output(container)).toBe('');
    expect(getByLabelText('Note')).toHaveProperty('value', 'ds');
  });

  it('ignores chords and presses while a dialog is open or when turned off', async () => {
    const { container, rerender } = render(<Card />);
    await userEvent.keyboard('{Control>}d{/Control}');
    rerender(<Card hasDialog />);
    await userEvent.keyboard('d');
    rerender(<Card isEnabled={false} />);
    await userEvent.keyboard('d');
    expect(output(container)).toBe('');
  });
});
