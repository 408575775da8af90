import { Button } from '../../../ui/button';
import styles from './post-form.module.css';

/** Move up, move down and remove, for one item of an editable list. */
export function ListItemTools(props: {
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
