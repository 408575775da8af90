// Sharing an earned badge from its popup (issue 18): X, Facebook and LINE, and the link to copy.
// The link is the badge's own page, whose share card shows the medal, at the configured public
// address of the site (PUBLIC_ORIGIN), as every link the site sends out.
import { useRouteLoaderData } from 'react-router';
import { useCopyText } from '../../../ui/copy-button';
import { CopyLinkButton, CopyLinkByHand } from './badge-link-copy';
import styles from './badge-popup.module.css';

/** The configured public origin (PUBLIC_ORIGIN) that the root loader passes on. */
function usePublicOrigin(): string {
  return (useRouteLoaderData('root') as { origin?: string } | undefined)?.origin ?? '';
}

/** The badge's page at `origin`, and where each service shares it with its words. */
export function badgeShareLinks(origin: string, badgeId: number, name: string) {
  const url = `${origin}/badges/${badgeId}`;
  const text = `「${name}」バッジを獲得しました！ #シューログ`;
  const enc = encodeURIComponent;
  return {
    url,
    services: [
      { label: 'X', href: `https://x.com/intent/tweet?text=${enc(text)}&url=${enc(url)}` },
      { label: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${enc(url)}` },
      { label: 'LINE', href: `https://social-plugins.line.me/lineit/share?url=${enc(url)}` },
    ],
  };
}

export function ShareButtons({ badgeId, name, onNeedsTime }: { badgeId: number; name: string; onNeedsTime: () => void }) {
  const { url, services } = badgeShareLinks(usePublicOrigin(), badgeId, name);
  // The student needs time to copy the link by hand: the snack bar stays open.
  const copy = useCopyText(url, onNeedsTime);
  return (
    <>
      <div className={styles.share}>
        {services.map((service) => (
          <a key={service.label} className={styles.shareLink} href={service.href} target="_blank" rel="noopener noreferrer">
            {service.label}
          </a>
        ))}
        <CopyLinkButton state={copy.state} onCopy={copy.copy} />
      </div>
      {copy.state === 'failed' && <CopyLinkByHand url={url} />}
    </>
  );
}
