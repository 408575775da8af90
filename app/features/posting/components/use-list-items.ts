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
  const changed = useDraftChanged();

  function update(next: ListItem[]) {
    setItems(next);
    // The fields are renamed after the render; the autosave reads the form after its delay.
    changed();
  }

  return {
    items,
    canAdd: items.length < limits.max,
    canRemove: items.length > limits.min,
    add(initialItem: Content = {}) {
      if (items.length >= limits.max) return;
      nextKey.current += 1;
      update([...items, { key: nextKey.current, initial: initialItem }]);
    },
    remove(index: number) {
      if (items.length <= limits.min) return;
      update(items.filter((_, position) => position !== index));
    },
    move(index: number, by: -1 | 1) {
      const target = index + by;
      if (target < 0 || target >= items.length) return;
      const next = [...items];
      [next[index], next[target]] = [next[target]!, next[index]!];
      update(next);
    },
  };
}
