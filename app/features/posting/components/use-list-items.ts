import { useRef, useState } from 'react';
import type { Content } from './initial-values';
import { useDraftChanged } from './draft-changes';

export type ListItem = { key: number; initial: Content };

/**
 * The items of an editable list (ES questions, selection steps) with stable keys, so that moving
 * an item moves its fields and what was typed in them; fields are renamed by their new position.
 */
export function useListItems(initial: Content[], limits: { min: number; max: number }) {
  const nextKey = useRef(initial.length);
  const [items, setItems] = useState<ListItem[]>(() => initial.map((item, index) => ({ key: index, initial: item })));
  // The item whose heading takes focus after a change, so the keyboard stays where the student is.
  const [focusKey, setFocusKey] = useState<number | null>(null);
  const changed = useDraftChanged();

  function update(next: ListItem[], focus: number | null) {
    setItems(next);
    setFocusKey(focus);
    // The fields are renamed after the render; the autosave reads the form after its delay.
    changed();
  }

  return {
    items,
    canAdd: items.length < limits.max,
    canRemove: items.length > limits.min,
    focusKey,
    add(initialItem: Content = {}) {
      if (items.length >= limits.max) return;
      nextKey.current += 1;
      update([...items, { key: nextKey.current, initial: initialItem }], nextKey.current);
    },
    remove(index: number) {
      if (items.length <= limits.min) return;
      const next = items.filter((_, position) => position !== index);
      update(next, next[Math.min(index, next.length - 1)]?.key ?? null);
    },
    move(index: number, by: -1 | 1) {
      const target = index + by;
      if (target < 0 || target >= items.length) return;
      const next = [...items];
      [next[index], next[target]] = [next[target]!, next[index]!];
      update(next, next[target]!.key);
    },
  };
}
