// The badge popup; its parts have their own files: the share links (badge-share.tsx), the link's
// copy (badge-link-copy.tsx), the device (popup-device.ts) and focus (popup-focus.ts).
import { useEffect, useState, useSyncExternalStore } from 'react';
import { Link } from '../../../ui/link';
import { BottomSheet } from '../../../ui/bottom-sheet';
import type { AcquiredBadgeKind } from '../badge-api-client';
import { SnackBar } from '../../../ui/snack-bar';
import { loadPersonalParts } from '../../../lib/personal-parts';
import {
  BADGE_POPUP_CONTAINER_ID,
  closeBadgePopup,
  closeGatheredBadges,
  openGatheredBadges,
  requestBadgePopup,
  subscribeBadgePopup,
  type BadgePresentation,
} from '../badge-popup-queue';
import { BadgeIcon } from './badge-icon';
import { ShareButtons } from './badge-share';
import styles from './badge-popup.module.css';
import { isPhone, subscribePhone } from './popup-device';
import { useFreeToTakeFocus, useReachableSnackBar } from './popup-focus';

export const DESKTOP_AUTO_CLOSE_MS = 8000;

function Message({ kinds }: { kinds: AcquiredBadgeKind[] }) {
  const last = kinds[kinds.length - 1]!;
  return (
    <div className={styles.message}>
      <BadgeIcon icon={last.icon} color={last.color} size="small" />
      <div>
        <p className={styles.title}>
          <span aria-hidden="true">🎉</span>「{last.name}」バッジを獲得しました
        </p>
        {kinds.length > 1 && <p className={styles.more}>他{kinds.length - 1}個のバッジ</p>}
        <Link to="/badges" className={styles.status} onClick={closeBadgePopup}>
          バッジの獲得状況を見る
        </Link>
      </div>
    </div>
  );
}

/**
 * The phone's small bar for badges earned by opening a page (issue 27): it does not cover the
 * page the student just opened; 「見る」 opens every badge it gathered in one sheet.
 */
function GatheredBar({ kinds }: { kinds: AcquiredBadgeKind[] }) {
  const last = kinds[kinds.length - 1]!;
  return (
    <SnackBar
      open
      icon="🎉"
      messageKey={kinds.length}
      message={
        <>
          「{last.name}」バッジを獲得しました
          {kinds.length > 1 && <span className={styles.gatheredMore}>（ほか{kinds.length - 1}個）</span>}
        </>
      }
      action={{ label: '見る', onClick: openGatheredBadges }}
      onClose={closeGatheredBadges}
    />
  );
}

/**
 * The badge-acquired notification (docs/product/badges.md#announcing-new-badges): a bottom sheet on phones, a snack
 * bar on desktop that closes itself after 8 s unless the pointer or focus is on it. Rendered for
 * logged-in students; it checks for new badges when the page loads, once the page's personal call
 * (which reports the view of a company or post page) has answered, so a badge earned by opening
 * this page is announced on this page.
 */
export function BadgePopup() {
  const [presentation, setPresentation] = useState<BadgePresentation | null>(null);
  const [pinned, setPinned] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const phone = useSyncExternalStore(subscribePhone, isPhone, () => false);
  const kinds = presentation?.mode === 'notice' ? presentation.kinds : null;
  const sheetMayOpen = useFreeToTakeFocus(kinds !== null && phone);
  const snackBar = useReachableSnackBar(kinds !== null && !phone);
  useEffect(
    () =>
      subscribeBadgePopup((next) => {
        setPresentation(next);
        setPinned(false);
        setHovered(false);
        setFocused(false);
      }),
    [],
  );
  useEffect(() => {
    void loadPersonalParts()
      .then(() => requestBadgePopup())
      .catch((error: unknown) => console.error(error));
  }, []);
  // The 8 s of docs/product/texts-timings-sizes.md#timings for a snack bar left alone; a full 8 s again after the pointer or focus leaves.
  useEffect(() => {
    if (!kinds || phone || pinned || hovered || focused) return;
    const timer = setTimeout(closeBadgePopup, DESKTOP_AUTO_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [kinds, phone, pinned, hovered, focused]);
  const pin = () => setPinned(true);

  return (
    <div id={BADGE_POPUP_CONTAINER_ID}>
      {presentation?.mode === 'gathered' && <GatheredBar kinds={presentation.kinds} />}
      {kinds && phone && sheetMayOpen && (
        <BottomSheet open onClose={closeBadgePopup} title="バッジを獲得しました">
          <Message kinds={kinds} />
          <ShareButtons badgeId={kinds[kinds.length - 1]!.id} name={kinds[kinds.length - 1]!.name} onNeedsTime={pin} />
        </BottomSheet>
      )}
      {kinds && !phone && (
        <div
          ref={snackBar.barRef}
          className={styles.snackBar}
          role="status"
          aria-live="polite"
          onPointerEnter={() => setHovered(true)}
          onPointerLeave={() => setHovered(false)}
          onFocus={(event) => {
            setFocused(true);
            snackBar.onFocus(event);
          }}
          onBlur={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
          }}
        >
          <Message kinds={kinds} />
          <ShareButtons badgeId={kinds[kinds.length - 1]!.id} name={kinds[kinds.length - 1]!.name} onNeedsTime={pin} />
          <button type="button" className={styles.close} onClick={snackBar.closeAndReturn} aria-label="閉じる">
            ×
          </button>
        </div>
      )}
    </div>
  );
}
