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
        <button
          type="button"
          className={`${styles.arrow} ${styles.prev}`}
          onClick={() => api?.scrollPrev()}
          disabled={!canPrev}
          aria-label="前のおすすめ企業"
        >
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
        <button
          type="button"
          className={`${styles.arrow} ${styles.next}`}
          onClick={() => api?.scrollNext()}
          disabled={!canNext}
          aria-label="次のおすすめ企業"
        >
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
      </div>
      {/* Phones: the position and two 44 px buttons; the dots would be too small to tap there. */}
      {phoneSnaps > 1 && (
        <div className={styles.pager}>
          <button
            type="button"
            className={styles.pagerButton}
            onClick={() => api?.scrollPrev()}
            disabled={!canPrev}
            aria-label="前のおすすめ企業"
          >
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </button>
          <span className={styles.position}>
            {selected + 1} / {snaps.length || phoneSnaps}
          </span>
          <button
            type="button"
            className={styles.pagerButton}
            onClick={() => api?.scrollNext()}
            disabled={!canNext}
            aria-label="次のおすすめ企業"
          >
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </button>
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
