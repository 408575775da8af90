import { NameText } from './name-text';
import styles from './entry-heading.module.css';

/** The heading of a company's or a service's page: its reading (when it has one) above its name, the name kept whole. */
export function EntryHeading({ name, kana }: { name: string; kana: string }) {
  return (
    <>
      {kana && <p className={styles.kana}>{kana}</p>}
      <h1 className={styles.name}>
        <NameText>{name}</NameText>
      </h1>
    </>
  );
}
