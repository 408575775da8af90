import type { ReactNode } from 'react';
import { withRedirectTo } from '../../../lib/return-path';
import { buttonClassName } from '../../../ui/button-class-name';
import { Link } from '../../../ui/link';
import styles from './join-invitation.module.css';

/**
 * A visitor's invitation to sign up or log in, both bringing them back to `returnTo`: the gate
 * under a post's first lines (`gate`, centred in the article) and the banner over the badges
 * (`banner`, the buttons beside the text on a wide screen).
 */
export function JoinInvitation({
  id,
  title,
  children,
  signupLabel,
  returnTo,
  layout,
}: {
  id: string;
  title: string;
  children: ReactNode;
  signupLabel: string;
  returnTo: string;
  layout: 'gate' | 'banner';
}) {
  const Frame = layout === 'gate' ? 'aside' : 'section';
  return (
    <Frame className={styles[layout]} aria-labelledby={id}>
      <h2 id={id} className={styles.title}>
        {title}
      </h2>
      <p className={styles.text}>{children}</p>
      <div className={styles.actions}>
        <Link to={withRedirectTo('/signup', returnTo)} className={buttonClassName({ variant: 'primary' })}>
          {signupLabel}
        </Link>
        <Link to={withRedirectTo('/login', returnTo)} className={buttonClassName({ variant: 'secondary' })}>
          ログイン
        </Link>
      </div>
    </Frame>
  );
}
