import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { pageCsrfToken } from '../../../lib/csrf';
import { PERSONAL_PART, type TrackedEntry } from '../../../lib/personal-parts';
import { withRedirectTo } from '../../../lib/return-path';
import { callSite } from '../../../lib/site-client';
import { Link } from '../../../ui/link';
import { useSnackBar } from '../../../ui/snack-bar';
import { tabChanges } from '../../accounts/viewer';
import { useViewer } from '../../accounts/viewer';
import { CATEGORY_LABELS, STATUS_LABELS } from '../steps';
import styles from './tracker-button.module.css';

// The entries added from a company page in this tab.
const added = tabChanges<TrackedEntry[]>();

function useTrackedEntries(companyId: number): TrackedEntry[] {
  const { viewer, personal, change: local } = added.useChange(companyId);
  if (viewer?.role !== 'student' || personal?.viewer?.userId !== viewer.userId) return local ?? [];
  const known = personal.trackerEntries.filter((entry) => entry.companyId === companyId);
  const extra = (local ?? []).filter((entry) => !known.some((item) => item.category === entry.category));
  return [...known, ...extra];
}

type Answer = { entry_id: number; category: 'intern' | 'recruit'; new_badge_kind_ids: number[] };

/**
 * 「選考管理に追加」 on a company page (issue 17): for a student, the company's step when it is on
 * their board (a link to it), or the choice of インターン / 本選考 to add it; a visitor is asked to
 * sign up. Shared pages draw it after the personal call, on a line of its own, so nothing moves.
 */
export function TrackerButton({ companyId, companyName }: { companyId: number; companyName: string }) {
  const viewer = useViewer();
  const entries = useTrackedEntries(companyId);
  const [choosing, setChoosing] = useState(false);
  const [busy, setBusy] = useState(false);
  const snackBar = useSnackBar();
  const navigate = useNavigate();
  const location = useLocation();

  async function add(category: 'intern' | 'recruit') {
    if (!pageCsrfToken() || !viewer) return;
    setBusy(true);
    const result = await callSite<Answer>(`/api/v1/student/tracker/companies/${companyId}/${category}`, { method: 'PUT', retries: 1 });
    setBusy(false);
    setChoosing(false);
    if (!result.ok) {
      snackBar.show(
        result.status >= 400 && result.status < 500 && result.message
          ? result.message
          : '追加できませんでした。時間をおいて再度お試しください。',
      );
      return;
    }
    // A success replaces any error said before (the next message takes its place).
    added.update(viewer.userId, companyId, (list = []) =>
      list.some((entry) => entry.category === category) ? list : [...list, { companyId, category, status: 'registered', outcome: null }],
    );
    snackBar.show(`${companyName}を選考管理（${CATEGORY_LABELS[category]}）に追加しました`, {
      action: { label: '選考管理を開く', onClick: () => navigate(`/mypage/selections#company-${companyId}`) },
    });
    if (result.data.new_badge_kind_ids.length > 0) {
      void import('../../badges/badge-popup-queue').then((queue) => queue.requestBadgePopup());
    }
  }

  function start() {
    if (!pageCsrfToken() || !viewer) {
      snackBar.show('選考管理には会員登録（無料）が必要です。', {
        action: { label: '会員登録', onClick: () => navigate(withRedirectTo('/signup', location.pathname)) },
      });
      return;
    }
    setChoosing(true);
  }

  const missing = (['recruit', 'intern'] as const).filter((category) => !entries.some((entry) => entry.category === category));
  return (
    <div className={styles.tracker} {...PERSONAL_PART}>
      {entries.length > 0 && (
        <Link to={`/mypage/selections#company-${companyId}`} className={styles.state}>
          選考管理：
          {entries
            .map(
              (entry) =>
                `${CATEGORY_LABELS[entry.category]} ${STATUS_LABELS[entry.category][entry.status as 'registered'] ?? ''}${entry.outcome ? '（終了）' : ''}`,
            )
            .join('／')}
        </Link>
      )}
      {choosing ? (
        <span className={styles.choices} role="group" aria-label="選考管理に追加する選考">
          {missing.map((category) => (
            <button key={category} type="button" className={styles.button} disabled={busy} onClick={() => add(category)}>
              {CATEGORY_LABELS[category]}として追加
            </button>
          ))}
          <button type="button" className={styles.cancel} onClick={() => setChoosing(false)}>
            やめる
          </button>
        </span>
      ) : (
        missing.length > 0 && (
          <button type="button" className={styles.button} onClick={start}>
            {entries.length > 0 ? `${CATEGORY_LABELS[missing[0]!]}も選考管理に追加` : '選考管理に追加'}
          </button>
        )
      )}
    </div>
  );
}
