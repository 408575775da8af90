// The editable lists of the posting forms (ES questions, selection steps): each item under its
// numbered heading with its tools, the heading focused after a change, and the add button.
import { type ReactNode, useEffect, useRef } from 'react';
import { Button } from '../../../ui/button';
import type { Content } from './initial-values';
import { useListItems } from './use-list-items';
import styles from './post-form.module.css';

/**
 * A list the author adds to, removes from and reorders. `itemName` names the items: 「設問」
 * gives the headings 「設問 1」, the tools 「設問1を削除」 and the button 「＋ 設問を追加」.
 * `children` renders one item's fields (a component of its own keeps its state through moves).
 */
export function EditableList(props: {
  initial: Content[];
  limits: { min: number; max: number };
  itemName: string;
  children: (index: number, initial: Content) => ReactNode;
}) {
  const list = useListItems(props.initial, props.limits);
  const { itemName } = props;
  return (
    <>
      <ol className={styles.items}>
        {list.items.map((item, index) => (
          <EditableItem key={item.key} title={`${itemName} ${index + 1}`} index={index} focused={list.focusKey === item.key}>
            <ListItemTools
              label={`${itemName}${index + 1}`}
              index={index}
              count={list.items.length}
              canRemove={list.canRemove}
              onMove={(by) => list.move(index, by)}
              onRemove={() => list.remove(index)}
            />
            {props.children(index, item.initial)}
          </EditableItem>
        ))}
      </ol>
      <Button type="button" variant="secondary" disabled={!list.canAdd} onClick={() => list.add()}>
        {`＋ ${itemName}を追加`}
      </Button>
    </>
  );
}

/** One item: its heading (focused after a change of the list) and tools, then its fields. */
function EditableItem(props: { title: string; index: number; focused: boolean; children: [ReactNode, ReactNode] }) {
  const { index, focused } = props;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // Again after each move of the same item: its position is part of what changed.
    if (focused && index >= 0) heading.current?.focus();
  }, [focused, index]);
  const [tools, fields] = props.children;
  return (
    <li className={styles.item}>
      <div className={styles.itemHeader}>
        <h3 ref={heading} tabIndex={-1} className={styles.itemTitle}>
          {props.title}
        </h3>
        {tools}
      </div>
      {fields}
    </li>
  );
}

/** Move up, move down and remove, for one item of an editable list. */
function ListItemTools(props: {
  label: string;
  index: number;
  count: number;
  canRemove: boolean;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const { label, index, count } = props;
  return (
    <div className={styles.itemTools}>
      <Button
        type="button"
        variant="secondary"
        size="small"
        disabled={index === 0}
        aria-label={`${label}を上へ移動`}
        onClick={() => props.onMove(-1)}
      >
        ↑ 上へ
      </Button>
      <Button
        type="button"
        variant="secondary"
        size="small"
        disabled={index === count - 1}
        aria-label={`${label}を下へ移動`}
        onClick={() => props.onMove(1)}
      >
        ↓ 下へ
      </Button>
      <Button
        type="button"
        variant="secondary"
        size="small"
        disabled={!props.canRemove}
        aria-label={`${label}を削除`}
        onClick={props.onRemove}
      >
        削除
      </Button>
    </div>
  );
}
