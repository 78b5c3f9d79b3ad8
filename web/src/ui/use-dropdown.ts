import { useEffect, useRef, useState } from 'react';

/** Open/close state for a dropdown that closes on an outside click or Escape. */
export function useDropdown<T extends HTMLElement = HTMLDivElement>() {
  const [isOpen, setOpen] = useState(false);
  const ref = useRef<T>(null);
  useEffect(() => {
    if (!isOpen) return;
    const onPointer = (event: PointerEvent) => {
      if (!ref.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [isOpen]);
  return { isOpen, setOpen, toggle: () => setOpen((open) => !open), ref };
}
