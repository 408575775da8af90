import { HONEYPOT_FIELD } from '../schemas';
import styles from './honeypot-field.module.css';

/**
 * A field people never see or fill (hidden from sight, from assistive technology and from the
 * tab order); bots that fill every input give themselves away.
 */
export function HoneypotField() {
  return (
    <div className={styles.trap} aria-hidden="true">
      <label>
        ウェブサイト（入力しないでください）
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}
