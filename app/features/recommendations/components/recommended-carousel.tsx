import useEmblaCarousel from 'embla-carousel-react';
import { useCallback, useEffect, useState } from 'react';
import { Link } from '../../../ui/link';
import { formatCount } from '../../../lib/format';
import { CompanyRating } from '../../companies/components/company-rating';
import { FavoriteButton } from '../../favorites/components/favorite-button';
import type { RecommendedCompany } from '../list-recommended-companies.server';
import { NameText } from '../../../ui/name-text';
import styles from './recommended-carousel.module.css';

// docs/product/pages.md#recommended-carousel: five slides visible, five per scroll, touch threshold 40.
// Phones show two at a time (docs/decisions/007-carousel-on-phones.md).
const OPTIONS = {
  align: 'start',
  slidesToScroll: 5,
  dragThreshold: 40,
  containScroll: 'trimSnaps',
  breakpoints: { '(max-width: 719px)': { slidesToScroll: 2 } },
} as const;

/** The hearts' state comes with the personal call (the top page is a shared page). */
export function RecommendedCarousel({ companies }: { companies: RecommendedCompany[] }) {
  const [viewportRef, api] = useEmblaCarousel(OPTIONS);
  const [snaps, setSnaps] = useState<number[]>([]);
  const [selected, setSelected] = useState(0);
  const [canPrev, setCanPrev] = useState(false);
  const [canNext, setCanNext] = useState(companies.length > 5);
  // Known before Embla measures, so the phone's pager and the desktop's dots are in the server's
  // HTML and nothing moves when it has (five a group on a desktop, two on a phone).
  const phoneSnaps = Math.ceil(companies.length / 2);
  const dotCount = snaps.length || Math.ceil(companies.length / 5);

  const sync = useCallback(() => {
    if (!api) return;
    setSnaps(api.scrollSnapList());
    setSelected(api.selectedScrollSnap());
    setCanPrev(api.canScrollPrev());
    setCanNext(api.canScrollNext());
  }, [api]);

  useEffect(() => {
    if (!api) return;
    sync();
    api.on('select', sync).on('reInit', sync);
    return () => {
      api.off('select', sync).off('reInit', sync);
    };
  }, [api, sync]);

  return (
    <section className={styles.carousel} aria-roledescription="カルーセル" aria-label="おすすめ企業">
      <div className={styles.slideList}>
        <div className={styles.viewport} ref={viewportRef}>
          {/* Slides are named groups (the carousel pattern): a list item cannot carry a name. */}
          <div className={styles.container}>
            {companies.map((company, index) => (
              <div
                key={company.id}
                className={styles.slide}
                role="group"
                aria-roledescription="スライド"
                aria-label={`${index + 1} / ${companies.length}`}
              >
                <Link to={`/companies/${company.id}`} className={styles.card}>
                  <span className={styles.initial} aria-hidden="true">
                    {Array.from(company.name.replace(/株式会社|ホールディングス/g, ''))[0] ?? '社'}
                  </span>
                  <NameText className={styles.name}>{company.name}</NameText>
                  <span className={styles.meta}>
                    {company.industryName}・{company.prefectureName}
                  </span>
                  <span className={styles.rating}>
                    {/* The short note: a slide is a fifth of the page wide. */}
                    <CompanyRating average={company.internRatingAverage} emptyLabel="評価なし" />
                  </span>
                  <span className={styles.muted}>投稿 {formatCount(company.publishedPostCount, '件')}</span>
                </Link>
                <div className={styles.favorite}>
                  <FavoriteButton companyId={company.id} companyName={company.name} size="small" />
                </div>
              </div>
            ))}
          </div>
        </div>
        <StepButton direction="prev" className={`${styles.arrow} ${styles.prev}`} size={22} api={api} disabled={!canPrev} />
        <StepButton direction="next" className={`${styles.arrow} ${styles.next}`} size={22} api={api} disabled={!canNext} />
      </div>
      {/* Phones: the position and two 44 px buttons; the dots would be too small to tap there. */}
      {phoneSnaps > 1 && (
        <div className={styles.pager}>
          <StepButton direction="prev" className={styles.pagerButton} size={20} api={api} disabled={!canPrev} />
          <span className={styles.position}>
            {selected + 1} / {snaps.length || phoneSnaps}
          </span>
          <StepButton direction="next" className={styles.pagerButton} size={20} api={api} disabled={!canNext} />
        </div>
      )}
      {dotCount > 1 && (
        <div className={styles.dots} role="group" aria-label="表示する位置">
          {Array.from({ length: dotCount }, (_, index) => (
            <button
              key={index}
              type="button"
              className={index === selected ? styles.dotActive : styles.dot}
              aria-label={`${index + 1}枚目のグループを表示`}
              aria-current={index === selected ? 'true' : undefined}
              onClick={() => api?.scrollTo(index)}
            />
          ))}
        </div>
      )}
    </section>
  );
}

const STEPS = {
  prev: { label: '前のおすすめ企業', path: 'M15 5l-7 7 7 7' },
  next: { label: '次のおすすめ企業', path: 'M9 5l7 7-7 7' },
} as const;

/** A button that scrolls the carousel one group back or on: the desktop's arrows and the phone's pager. */
function StepButton({
  direction,
  className,
  size,
  api,
  disabled,
}: {
  direction: keyof typeof STEPS;
  className: string | undefined;
  size: number;
  api: ReturnType<typeof useEmblaCarousel>[1];
  disabled: boolean;
}) {
  const step = STEPS[direction];
  return (
    <button
      type="button"
      className={className}
      onClick={() => (direction === 'prev' ? api?.scrollPrev() : api?.scrollNext())}
      disabled={disabled}
      aria-label={step.label}
    >
      <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true">
        <path d={step.path} fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </button>
  );
}
