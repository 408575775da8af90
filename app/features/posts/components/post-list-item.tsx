import type { ReactNode } from 'react';
import { Link } from '../../../ui/link';
import { formatCount } from '../../../lib/format';
import type { PostTypeKey } from '../../../db/enums';
import { POST_TYPES, postPath } from '../post-types';
import { NameText } from '../../../ui/name-text';
import { KeepWords } from '../../../ui/keep-words';
import styles from './post-list-item.module.css';
import { DateText } from '../../../ui/date-text';

/** What a list shows of a post; the list loaders cut the excerpt to the length their page wants. */
export type PostListItemPost = {
  id: number;
  type: PostTypeKey;
  title: string;
  excerpt: string;
  /** ISO 8601. */
  publishedAt: string;
  usefulCount: number;
};

export type PostListItemProps = {
  post: PostListItemPost;
  /** Shows the type's tag above the title: for lists that mix post types, like the top page's. */
  showType?: boolean;
  /**
   * The company (or recruit service) the post is about, shown above the title: for lists that
   * span companies. Left out where the page already belongs to one company.
   */
  subjectName?: string | null;
  /**
   * Buttons under the card, outside its link (the route passes クリップ and 参考になった: posts know
   * nothing of who reacted). With them, the card leaves the count to the buttons.
   */
  actions?: ReactNode;
};

/** One post of a list, the whole card being the link to the post. Render it inside a <ul>. */
export function PostListItem({ post, showType = false, subjectName, actions }: PostListItemProps) {
  return (
    <li className={styles.item}>
      <Link to={postPath(post.type, post.id)} className={styles.link}>
        {(showType || subjectName) && (
          <span className={styles.about}>
            {showType && <span className={styles.typeTag}>{POST_TYPES[post.type].label}</span>}
            {subjectName && <NameText>{subjectName}</NameText>}
          </span>
        )}
        <span className={styles.title}>
          <KeepWords>{post.title}</KeepWords>
        </span>
        <span className={styles.excerpt}>{post.excerpt}</span>
        <span className={styles.foot}>
          <DateText value={post.publishedAt} />
          {!actions && <span>参考になった {formatCount(post.usefulCount, '件')}</span>}
        </span>
      </Link>
      {actions && <div className={styles.actions}>{actions}</div>}
    </li>
  );
}
