import { describe, expect, it } from 'vitest';
import { isTypingTarget, matchShortcut, shortcutKeyOf } from './shortcuts';

describe('matchShortcut', () => {
  it.each([
    [['n'], 'new-task'],
    [['x'], 'complete-task'],
    [['?'], 'help'],
    [['/'], 'search'],
    [['g', 'k'], 'go-kanban'],
    [['g', 'l'], 'go-classic-list'],
    [['g', 'i'], 'go-importance-grid'],
  ])('%j → %s', (typed, id) => {
    const match = matchShortcut(typed);
    expect(match.type === 'match' && match.shortcut.id).toBe(id);
  });

  it.each([[['g']]])('%j may still become a shortcut', (typed) => {
    expect(matchShortcut(typed).type).toBe('prefix');
  });

  it.each([[[]], [['z']], [['g', 'z']], [['N']], [['k']], [['n', 'n']]])('%j is no shortcut', (typed) => {
    expect(matchShortcut(typed).type).toBe('none');
  });
});

describe('shortcutKeyOf', () => {
  const press = (key: string, modifiers: Partial<Record<'ctrlKey' | 'altKey' | 'metaKey', boolean>> = {}) =>
    shortcutKeyOf({ key, ctrlKey: false, altKey: false, metaKey: false, ...modifiers });

  it('passes printable keys through', () => {
    expect(press('n')).toBe('n');
    expect(press('?')).toBe('?');
  });

  it('ignores chords and keys that type nothing', () => {
    expect(press('n', { ctrlKey: true })).toBeNull();
    expect(press('k', { metaKey: true })).toBeNull();
    expect(press('g', { altKey: true })).toBeNull();
    expect(press('Shift')).toBeNull();
    expect(press('ArrowDown')).toBeNull();
  });
});

describe('isTypingTarget', () => {
  it.each([
    ['<input />', true],
    ['<input type="search" />', true],
    ['<input type="checkbox" />', false],
    ['<input type="radio" />', false],
    ['<textarea></textarea>', true],
    ['<select></select>', true],
    ['<div contenteditable="true"></div>', true],
    ['<div role="combobox"></div>', true],
    ['<button>Go</button>', false],
    ['<div tabindex="0"></div>', false],
  ])('%s → %s', (html, expected) => {
    document.body.innerHTML = html;
    expect(isTypingTarget(document.body.firstElementChild)).toBe(expected);
  });

  it('treats nothing and the window as not typing', () => {
    expect(isTypingTarget(null)).toBe(false);
    expect(isTypingTarget(window)).toBe(false);
  });
});
