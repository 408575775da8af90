import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../ui/button';
import { useField } from '../../../ui/use-field';
import { useCompanySuggestions } from '../use-company-suggestions';
import type { CompanyChoice } from '../company-choice';
import { NameText } from '../../../ui/name-text';
import styles from './company-picker.module.css';

export type PickedCompany = { id: number; name: string };

/**
 * Choosing a company (the one a post is about, or one to put on the selection tracker): the
 * header's incremental Japanese search (300 ms after the last keystroke, the earlier request
 * aborted) and the student's favorites (and tracker companies) as one-tap choices. In a form the choice is the hidden `name` field; `onChoose`
 * (the select_company pages) goes on to the form instead.
 */
export function CompanyPicker(props: {
  name?: string;
  initial: PickedCompany | null;
  choices: readonly CompanyChoice[];
  onChoose?: (company: PickedCompany) => void;
  onChange?: () => void;
  /** The heading's level in the page. */
  label?: string;
  /** The search field's label, when 「{label}を検索」 does not say what choosing does (the queue's filter). */
  searchLabel?: string;
  /** The heading of the one-tap choices. */
  choicesTitle?: string;
}) {
  const { name = 'companyId', choices } = props;
  const [chosen, setChosen] = useState<PickedCompany | null>(props.initial);
  const [query, setQuery] = useState('');
  const suggestions = useCompanySuggestions(query);
  const field = useField({ name, hasHint: true });
  const listId = useId();
  const changeButton = useRef<HTMLButtonElement>(null);
  const [justChose, setJustChose] = useState(false);

  // The chosen company replaces the search: focus goes to its 「変更する」, not to the page.
  useEffect(() => {
    if (justChose) changeButton.current?.focus();
  }, [justChose]);

  function choose(company: PickedCompany) {
    if (props.onChoose) {
      props.onChoose(company);
      return;
    }
    setChosen(company);
    setQuery('');
    setJustChose(true);
    props.onChange?.();
  }

  return (
    <div className={styles.picker}>
      {!props.onChoose && <input type="hidden" name={name} value={chosen?.id ?? ''} data-name={chosen?.name ?? ''} />}
      {chosen && !props.onChoose ? (
        <div className={styles.chosen}>
          <div>
            <p className={styles.chosenLabel}>選択中の{props.label ?? '企業'}</p>
            <p className={styles.chosenName}>
              <NameText>{chosen.name}</NameText>
            </p>
          </div>
          <Button
            ref={changeButton}
            type="button"
            variant="secondary"
            size="small"
            onClick={() => {
              setJustChose(false);
              setChosen(null);
              props.onChange?.();
            }}
          >
            変更する
          </Button>
        </div>
      ) : (
        <>
          <label className={styles.label} htmlFor={field.id}>
            {props.searchLabel ?? `${props.label ?? '企業'}を検索`}
          </label>
          <p id={field.hintId} className={styles.hint}>
            企業名やフリガナの一部を入力してください（ひらがな・カタカナどちらでも探せます）。
          </p>
          <input
            id={field.id}
            type="search"
            className={styles.search}
            data-field={name}
            value={query}
            autoComplete="off"
            enterKeyHint="search"
            placeholder="例：ノヴァ"
            aria-invalid={field.error ? true : undefined}
            aria-describedby={field.describedBy}
            aria-controls={listId}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={(event) => {
              // Enter chooses the first match instead of sending the whole form.
              if (event.key !== 'Enter') return;
              event.preventDefault();
              if (suggestions.status === 'results' && suggestions.companies[0]) {
                const first = suggestions.companies[0];
                choose({ id: first.company_id, name: first.name });
              }
            }}
          />
          {field.error && (
            <p id={field.errorId} className={styles.error}>
              {field.error}
            </p>
          )}
          <p className="visually-hidden" role="status">
            {suggestions.status === 'results' ? `${suggestions.companies.length}件見つかりました` : ''}
          </p>
          <div id={listId}>
            {suggestions.status === 'loading' && <p className={styles.note}>検索中…</p>}
            {suggestions.status === 'error' && <p className={styles.note}>検索できませんでした。もう一度入力してください。</p>}
            {suggestions.status === 'results' &&
              (suggestions.companies.length === 0 ? (
                <p className={styles.note}>「{suggestions.query}」に一致する企業は見つかりませんでした。別の書き方もお試しください。</p>
              ) : (
                <ul className={styles.results} aria-label="検索結果">
                  {suggestions.companies.map((company) => (
                    <li key={company.company_id}>
                      <button
                        type="button"
                        className={styles.result}
                        onClick={() => choose({ id: company.company_id, name: company.name })}
                      >
                        <NameText className={styles.resultName}>{company.name}</NameText>
                        <span className={styles.resultMeta}>{company.pref_name}</span>
                      </button>
                    </li>
                  ))}
                </ul>
              ))}
          </div>
          {choices.length > 0 && (
            <div className={styles.choices}>
              <p className={styles.choicesTitle}>{props.choicesTitle ?? 'お気に入り・選考管理の企業から選ぶ'}</p>
              <ul className={styles.chips}>
                {choices.map((company) => (
                  <li key={company.companyId}>
                    <button type="button" className={styles.chip} onClick={() => choose({ id: company.companyId, name: company.name })}>
                      <NameText>{company.name}</NameText>
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </>
      )}
    </div>
  );
}
