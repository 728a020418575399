import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InlineTextEditor } from './inline-text-editor';

afterEach(cleanup);

function renderEditor(value = 'Buy milk') {
  const onSave = vi.fn();
  const onCancel = vi.fn();
  render(
    <>
      <InlineTextEditor label="Title" value={value} maxLength={50} onSave={onSave} onCancel={onCancel} />
      <button type="button">Elsewhere</button>
    </>,
  );
  return { onSave, onCancel, field: screen.getByLabelText('Title') as HTMLInputElement };
}

describe('InlineTextEditor', () => {
  it('is focused with its text selected, ready to be replaced', () => {
    const { field } = renderEditor();
    expect(document.activeElement).toBe(field);
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, 'Buy milk'.length]);
  });

  it('saves the trimmed text on Enter, once', async () => {
    const { onSave, onCancel, field } = renderEditor();

    await userEvent.clear(field);
    await userEvent.type(field, '  Buy oat milk {Enter}');
    await userEvent.click(screen.getByRole('button', { name: 'Elsewhere' }));

    expect(onSave).toHaveBeenCalledExactlyOnceWith('Buy oat milk');
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('saves when the field is left', async () => {
    const { onSave, field } = renderEditor();

    await userEvent.type(field, '{End} today');
    await userEvent.click(screen.getByRole('button', { name: 'Elsewhere' }));

    expect(onSave).toHaveBeenCalledExactlyOnceWith('Buy milk today');
  });

  it('cancels on Escape, keeping the old text', async () => {
    const { onSave, onCancel, field } = renderEditor();

    await userEvent.type(field, 'Something else{Escape}');
    await userEvent.click(screen.getByRole('button', { name: 'Elsewhere' }));

    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onSave).not.toHaveBeenCalled();
  });

  it('treats an emptied field as cancelling', async () => {
    const { onSave, onCancel, field } = renderEditor();

    await userEvent.clear(field);
    await userEvent.type(field, '   {Enter}');

    expect(onSave).not.toHaveBeenCalled();
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  describe('with a rule', () => {
    const validate = (text: string) =>
      text === ''
        ? 'Title is required'
        : text.length > 10
          ? 'Title must be 10 characters or less'
          : undefined;

    const descriptionOf = (field: HTMLElement) =>
      document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent;

    function renderValidated() {
      const onSave = vi.fn();
      const onCancel = vi.fn();
      render(
        <InlineTextEditor
          label="Title"
          value="Buy milk"
          validate={validate}
          onSave={onSave}
          onCancel={onCancel}
        />,
      );
      return { onSave, onCancel, field: screen.getByLabelText('Title') as HTMLInputElement };
    }

    it('keeps a text that is too long, says why at once, and does not save it', async () => {
      const { onSave, field } = renderValidated();

      await userEvent.clear(field);
      await userEvent.click(field);
      await userEvent.paste('x'.repeat(50));

      expect(field.value).toHaveLength(50);
      expect(field.getAttribute('aria-invalid')).toBe('true');
      expect(descriptionOf(field)).toBe('Title must be 10 characters or less');
      await userEvent.keyboard('{Enter}');
      expect(onSave).not.toHaveBeenCalled();
      expect(screen.getByLabelText('Title')).toBe(field);
    });

    it('explains an emptied field instead of quietly cancelling; Escape still cancels', async () => {
      const { onSave, onCancel, field } = renderValidated();

      await userEvent.clear(field);
      expect(field.getAttribute('aria-invalid')).toBeNull();
      await userEvent.keyboard('{Enter}');

      expect(field.getAttribute('aria-invalid')).toBe('true');
      expect(descriptionOf(field)).toBe('Title is required');
      expect(onSave).not.toHaveBeenCalled();
      expect(onCancel).not.toHaveBeenCalled();
      await userEvent.keyboard('{Escape}');
      expect(onCancel).toHaveBeenCalledTimes(1);
    });
  });
});
