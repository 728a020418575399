import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { LandmarkIcon, ReceiptTextIcon, TagsIcon } from 'lucide-react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { MoneyTabList } from './money-tabs';

afterEach(cleanup);

const tabs = [
  { value: 'transactions', label: 'Transactions', icon: ReceiptTextIcon },
  { value: 'accounts', label: 'Accounts', icon: LandmarkIcon },
  { value: 'categories', label: 'Categories', icon: TagsIcon },
] as const;

function Harness() {
  const [selected, setSelected] = useState<(typeof tabs)[number]['value']>('transactions');
  return <MoneyTabList tabs={tabs} selected={selected} onSelect={setSelected} idPrefix="m" label="Money" />;
}

describe('MoneyTabList', () => {
  it('is one tab stop; arrows, Home and End move between tabs and select them', () => {
    render(<Harness />);
    const tab = (name: string) => screen.getByRole('tab', { name });
    expect(tab('Transactions')).toHaveProperty('tabIndex', 0);
    expect(tab('Accounts')).toHaveProperty('tabIndex', -1);

    tab('Transactions').focus();
    fireEvent.keyDown(tab('Transactions'), { key: 'ArrowRight' });
    expect(tab('Accounts').getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(tab('Accounts'));

    fireEvent.keyDown(tab('Accounts'), { key: 'End' });
    expect(document.activeElement).toBe(tab('Categories'));
    fireEvent.keyDown(tab('Categories'), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tab('Transactions'));
    fireEvent.keyDown(tab('Transactions'), { key: 'ArrowLeft' });
    expect(tab('Categories').getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(tab('Categories'), { key: 'Home' });
    expect(tab('Transactions').getAttribute('aria-selected')).toBe('true');
    expect(tab('Transactions').getAttribute('aria-controls')).toBe('m-panel-transactions');
  });
});
