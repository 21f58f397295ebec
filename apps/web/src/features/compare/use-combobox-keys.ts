import { useState, type KeyboardEvent } from 'react';

interface Options {
  /** Options in the open list (0 when closed). */
  count: number;
  isExpanded: boolean;
  onChoose(index: number): void;
  onOpen(): void;
  onClose(): void;
  onClear(): void;
}

/**
 * The keyboard of a WAI-ARIA list-autocomplete combobox: Down/Up move the highlighted option
 * (wrapping, and opening a closed list), Home/End are left to the text, Enter chooses the
 * highlighted option, Escape closes an open list or else clears the text.
 */
export function useComboboxKeys({ count, isExpanded, onChoose, onOpen, onClose, onClear }: Options) {
  const [activeIndex, setActiveIndex] = useState(-1);
  const current = activeIndex < count ? activeIndex : -1;

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!isExpanded) return onOpen();
        if (count > 0) setActiveIndex(current + 1 >= count ? 0 : current + 1);
        return;
      case 'ArrowUp':
        event.preventDefault();
        if (!isExpanded) return onOpen();
        if (count > 0) setActiveIndex(current <= 0 ? count - 1 : current - 1);
        return;
      case 'Enter':
        if (isExpanded && current >= 0) {
          event.preventDefault();
          setActiveIndex(-1);
          onChoose(current);
        }
        return;
      case 'Escape':
        event.preventDefault();
        setActiveIndex(-1);
        if (isExpanded) onClose();
        else onClear();
        return;
    }
  };

  return { activeIndex: current, onKeyDown, reset: () => setActiveIndex(-1) };
}
