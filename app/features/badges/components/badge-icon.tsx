// Our own badge medals for the 15 icon kinds of docs/product/badges.md#icons-colors-and-sizes: a round medal in the tier
// color (gray until acquired) with a white pictogram. Sizes are those of docs/product/badges.md#icons-colors-and-sizes.
import { useId, type ReactNode } from 'react';
import { BADGE_ICON_SIZES, type BadgeColor, type BadgeIconKind, type BadgeIconSize } from '../catalog';
import styles from './badge-icon.module.css';

const WHITE = '#ffffff';
/** Details drawn on the white pictogram take the medal's own color. */
const INK = 'currentColor';

/** A five-pointed star's polygon points (the medals' pictograms, and the share cards' rating). */
export function starPoints(cx: number, cy: number, outer: number, inner: number): string {
  return Array.from({ length: 10 }, (_, i) => {
    const radius = i % 2 === 0 ? outer : inner;
    const angle = (Math.PI / 5) * i - Math.PI / 2;
    return `${(cx + radius * Math.cos(angle)).toFixed(2)},${(cy + radius * Math.sin(angle)).toFixed(2)}`;
  }).join(' ');
}

const line = { fill: 'none', stroke: WHITE, strokeWidth: 3, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;
const ink = { fill: 'none', stroke: INK, strokeWidth: 2.2, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

const PICTOGRAMS: Record<BadgeIconKind, ReactNode> = {
  // The site's own mark: a graduation cap, for students.
  sk: (
    <>
      <path d="M32 19 50 27 32 35 14 27Z" fill={WHITE} />
      <path d="M22 31v7.5c0 2.8 4.5 5 10 5s10-2.2 10-5V31l-10 4.5Z" fill={WHITE} />
      <path d="M48 28v9" {...line} strokeWidth={2} />
      <circle cx="48" cy="39" r="2" fill={WHITE} />
    </>
  ),
  star: <polygon points={starPoints(32, 33, 15, 6.5)} fill={WHITE} strokeLinejoin="round" />,
  much: (
    <>
      <rect x="27" y="16" width="17" height="22" rx="2" fill={WHITE} opacity={0.55} />
      <rect x="23.5" y="20" width="17" height="22" rx="2" fill={WHITE} opacity={0.8} />
      <rect x="20" y="24" width="17" height="22" rx="2" fill={WHITE} />
      <path d="M24 31h9M24 35.5h9M24 40h6" {...ink} strokeWidth={1.8} />
    </>
  ),
  company: (
    <>
      <rect x="20" y="17" width="24" height="29" rx="1.5" fill={WHITE} />
      <path
        d="M25 23h3M30.5 23h3M36 23h3M25 28.5h3M30.5 28.5h3M36 28.5h3M25 34h3M36 34h3"
        {...ink}
        strokeWidth={2.4}
        strokeLinecap="butt"
      />
      <rect x="29.5" y="38" width="5" height="8" fill={INK} />
    </>
  ),
  clip: <path d="M38 25v13.5a6 6 0 0 1-12 0V22a4.2 4.2 0 0 1 8.4 0v16a2.2 2.2 0 0 1-4.4 0V26" {...line} />,
  good: (
    <>
      <rect x="17" y="30" width="7" height="16" rx="1.5" fill={WHITE} />
      <path d="M26.5 30 32 19.5c2.6 0 4.3 2 3.8 4.6L35 29h8.2c2.4 0 4.1 2.2 3.5 4.5l-2.7 10a4 4 0 0 1-3.9 3H26.5Z" fill={WHITE} />
    </>
  ),
  heart: <path d="M32 46S18 37.8 18 27.8a7.4 7.4 0 0 1 14-3.4 7.4 7.4 0 0 1 14 3.4C46 37.8 32 46 32 46Z" fill={WHITE} />,
  status: (
    <>
      <rect x="18" y="35" width="7" height="10" rx="1.2" fill={WHITE} />
      <rect x="28.5" y="28" width="7" height="17" rx="1.2" fill={WHITE} />
      <rect x="39" y="20" width="7" height="25" rx="1.2" fill={WHITE} />
      <path d="M17 31 27 23l6 3 12-9" {...line} strokeWidth={2} opacity={0.9} />
    </>
  ),
  pen: (
    <>
      <path d="M40.5 17.5 47 24 29 42l-8.5 2.2L22.7 35.7Z" fill={WHITE} />
      <path d="M37 21l6.5 6.5" {...ink} />
      <path d="M18 47h14" {...line} strokeWidth={2} />
    </>
  ),
  noteCheck: (
    <>
      <rect x="20" y="16" width="24" height="31" rx="2.5" fill={WHITE} />
      <path d="M25.5 32l4.5 4.5 9-10" {...ink} strokeWidth={3} />
    </>
  ),
  calender: (
    <>
      <rect x="17" y="20" width="30" height="26" rx="3" fill={WHITE} />
      <path d="M17 28h30" {...ink} strokeWidth={2} />
      <path d="M24.5 16.5v7M39.5 16.5v7" {...line} />
      <path d="M23.5 33.5h3M30.5 33.5h3M37.5 33.5h3M23.5 39.5h3M30.5 39.5h3" {...ink} strokeWidth={2.6} strokeLinecap="butt" />
    </>
  ),
  note: (
    <>
      <path d="M21 18.5A2.5 2.5 0 0 1 23.5 16H37l7 7v21.5a2.5 2.5 0 0 1-2.5 2.5h-18A2.5 2.5 0 0 1 21 44.5Z" fill={WHITE} />
      <path d="M37 16v7h7" {...ink} strokeWidth={1.6} />
      <path d="M26 29h13M26 34h13M26 39h8" {...ink} strokeWidth={2} />
    </>
  ),
  chat: (
    <>
      <path
        d="M17 24.5a6.5 6.5 0 0 1 6.5-6.5h17a6.5 6.5 0 0 1 6.5 6.5v9a6.5 6.5 0 0 1-6.5 6.5H29.5L22 46v-6.4a6.5 6.5 0 0 1-5-6.1Z"
        fill={WHITE}
      />
      <circle cx="25" cy="29" r="2.1" fill={INK} />
      <circle cx="32" cy="29" r="2.1" fill={INK} />
      <circle cx="39" cy="29" r="2.1" fill={INK} />
    </>
  ),
  megaphone: (
    <>
      <path d="M16 28.5v7.5h6l15 8.5v-25L22 28.5Z" fill={WHITE} />
      <path d="M22.5 37 25 45.5h4.5L27.5 37Z" fill={WHITE} />
      <path d="M41.5 27.5c1.8 2.2 1.8 6.3 0 8.5M45.5 24c3.8 4.3 3.8 11.7 0 16" {...line} strokeWidth={2.4} />
    </>
  ),
  reward: (
    <>
      <path d="M23.5 17h17v9a8.5 8.5 0 0 1-17 0Z" fill={WHITE} />
      <path d="M23.5 20.5h-4v2a5.5 5.5 0 0 0 5.5 5.5M40.5 20.5h4v2A5.5 5.5 0 0 1 39 28" {...line} strokeWidth={2.4} />
      <rect x="29.5" y="33.5" width="5" height="6" fill={WHITE} />
      <rect x="24" y="39.5" width="16" height="5.5" rx="1.5" fill={WHITE} />
      <polygon points={starPoints(32, 24.5, 4.4, 1.9)} fill={INK} />
    </>
  ),
};

export type BadgeIconProps = {
  icon: BadgeIconKind;
  /** The tier when acquired, gray when not. */
  color: BadgeColor;
  size?: BadgeIconSize;
  /**
   * The accessible name (e.g. 「はじめてのお気に入り（獲得済み）」). Leave it out when the badge's
   * name is written next to the icon: the icon is then hidden from assistive technology.
   */
  label?: string;
  className?: string;
};

export function BadgeIcon({ icon, color, size = 'medium', label, className }: BadgeIconProps) {
  const pixels = BADGE_ICON_SIZES[size];
  const shineId = useId();
  // Acquired medals shine like metal; a gray (not yet acquired) one stays flat, so silver and
  // gray never look alike.
  const metal = color !== 'gray';
  const a11y = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true as const, focusable: 'false' as const };
  return (
    <svg
      viewBox="0 0 64 64"
      width={pixels}
      height={pixels}
      className={[styles.icon, styles[color], className].filter(Boolean).join(' ')}
      data-icon={icon}
      data-color={color}
      {...a11y}
    >
      {metal && (
        <defs>
          <radialGradient id={shineId} cx="0.3" cy="0.25" r="0.85">
            <stop offset="0" stopColor={WHITE} stopOpacity={0.45} />
            <stop offset="0.55" stopColor={WHITE} stopOpacity={0} />
            <stop offset="1" stopColor="#000000" stopOpacity={0.18} />
          </radialGradient>
        </defs>
      )}
      <circle cx="32" cy="32" r="31" fill={INK} />
      {metal && <circle cx="32" cy="32" r="31" fill={`url(#${shineId})`} />}
      {metal && <circle cx="32" cy="32" r="30.2" fill="none" stroke="#000000" strokeOpacity={0.18} strokeWidth={1.6} />}
      <circle
        cx="32"
        cy="32"
        r="26.5"
        fill={WHITE}
        fillOpacity={metal ? 0.1 : 0.16}
        stroke={WHITE}
        strokeOpacity={metal ? 0.7 : 0.6}
        strokeWidth={1.2}
        strokeDasharray="2.2 2.2"
      />
      {metal && <path d="M9 26A24 24 0 0 1 38 8.5 27 27 0 0 0 12 34Z" fill={WHITE} fillOpacity={0.16} />}
      {PICTOGRAMS[icon]}
    </svg>
  );
}
