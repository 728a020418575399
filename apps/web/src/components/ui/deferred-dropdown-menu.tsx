import {
  cloneElement,
  type KeyboardEvent,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  useState,
} from 'react';
import { DropdownMenu, DropdownMenuTrigger } from './dropdown-menu';

interface TriggerProps {
  onClick?: (event: MouseEvent<HTMLButtonElement>) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLButtonElement>) => void;
}

interface DeferredDropdownMenuProps {
  /** The button that opens the menu. */
  trigger: ReactElement<TriggerProps>;
  /** The menu's DropdownMenuContent, mounted once the menu is first opened. */
  children: ReactNode;
}

/**
 * A dropdown menu that mounts on first use. Until then its trigger is the plain button: a board or a
 * list shows one menu per card or row, hundreds at once, and Radix's menu costs several times a button
 * to mount. The first click (or Enter, Space, ArrowDown) mounts the menu already open.
 */
export function DeferredDropdownMenu({ trigger, children }: DeferredDropdownMenuProps) {
  const [isMounted, setIsMounted] = useState(false);
  const [isOpen, setIsOpen] = useState(false);

  if (!isMounted) {
    const open = () => {
      setIsMounted(true);
      setIsOpen(true);
    };
    return cloneElement(trigger, {
      'aria-haspopup': 'menu',
      'aria-expanded': false,
      onClick: (event: MouseEvent<HTMLButtonElement>) => {
        trigger.props.onClick?.(event);
        if (!event.defaultPrevented) open();
      },
      onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => {
        trigger.props.onKeyDown?.(event);
        if (event.key !== 'ArrowDown' || event.defaultPrevented) return;
        event.preventDefault();
        open();
      },
    } as TriggerProps);
  }
  return (
    <DropdownMenu open={isOpen} onOpenChange={setIsOpen}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      {children}
    </DropdownMenu>
  );
}
