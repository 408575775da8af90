import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { useCompanySuggestions } from '../use-company-suggestions';
import { NameText } from '../../../ui/name-text';
import styles from './company-search-box.module.css';

const SHOWN = 8;

/**
 * The header's company search: a plain GET form to /companies that, with JavaScript,
 * suggests companies as you type (ARIA combobox pattern).
 */
export function CompanySearchBox({ className }: { className?: string }) {
  const [value, setValue] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const state = useCompanySuggestions(value);
  const navigate = useNavigate();
  const listId = useId();
  const inputId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const companies = state.status === 'results' ? state.companies.slice(0, SHOWN) : [];
  const showList = open && value.trim() !== '' && (state.status === 'results' || state.status === 'error');

  function choose(index: number) {
    const company = companies[index];
    if (!company) return;
    setOpen(false);
    navigate(`/companies/${company.company_id}`);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'ArrowDown' && companies.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((index) => (index + 1) % companies.length);
    } else if (event.key === 'ArrowUp' && companies.length > 0) {
      event.preventDefault();
      setActive((index) => (index <= 0 ? companies.length - 1 : index - 1));
    } else if (event.key === 'Enter' && showList && active >= 0) {
      event.preventDefault();
      choose(active);
    } else if (event.key === 'Escape') {
      setOpen(false);
      setActive(-1);
    }
  }

  return (
    <form
      ref={formRef}
      className={`${styles.form} ${className ?? ''}`}
      action="/companies"
      method="get"
      role="search"
      aria-label="サイト内の企業検索"
      onSubmit={() => setOpen(false)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <label htmlFor={inputId} className="visually-hidden">
        企業名で検索
      </label>
      <input
        id={inputId}
        className={styles.input}
        type="search"
        name="q"
        placeholder="企業名で検索"
        autoComplete="off"
        enterKeyHint="search"
        maxLength={100}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listId}
        aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
      />
      <button type="submit" className={styles.button} aria-label="検索">
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.2" />
          <path d="M15.5 15.5 21 21" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
        </svg>
      </button>
      <ul id={listId} role="listbox" aria-label="候補の企業" className={styles.list} hidden={!showList}>
        {state.status === 'error' && <li className={styles.message}>候補を読み込めませんでした。検索ボタンで検索できます。</li>}
        {state.status === 'results' && companies.length === 0 && <li className={styles.message}>該当する企業が見つかりませんでした。</li>}
        {companies.map((company, index) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the input's arrow keys and Enter choose an option (the combobox pattern, aria-activedescendant).
          // biome-ignore lint/a11y/useFocusableInteractive: options stay unfocusable; focus stays in the input.
          <li
            key={company.company_id}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            className={index === active ? styles.optionActive : styles.option}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(index)}
          >
            <NameText className={styles.name}>{company.name}</NameText>
            <span className={styles.pref}>本社：{company.pref_name}</span>
          </li>
        ))}
        {companies.length > 0 && (
          <li className={styles.all}>
            <button type="submit" className={styles.allButton} onMouseDown={(event) => event.preventDefault()}>
              「{value.trim()}」で企業を検索
            </button>
          </li>
        )}
      </ul>
    </form>
  );
}
