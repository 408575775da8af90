// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { BoardCompany } from '../board';
import { BoardCompanyCard, type FormAnswer } from './tracker-board';

afterEach(cleanup);

const COMPANY: BoardCompany = {
  companyId: 7,
  name: '株式会社青葉銀行',
  ended: false,
  entries: [
    {
      entryId: 70,
      category: 'recruit',
      status: 'es_submitted',
      outcome: null,
      history: [{ status: 'registered', outcome: null, on: '2026-10-01' }],
    },
  ],
  events: [
    {
      id: 700,
      kind: 'interview',
      companyId: 7,
      companyName: '株式会社青葉銀行',
      date: '2026-11-10',
      time: '10:00',
      place: '',
      url: '',
      memo: '',
      updatedAt: new Date('2026-11-01T00:00:00Z'),
    },
  ],
};

async function renderCard(answer: FormAnswer = undefined) {
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/',
      loader: () => ({ csrfToken: 'token-of-this-test' }),
      Component: () => (
        <ul>
          <BoardCompanyCard
            company={COMPANY}
            today="2026-11-01"
            answer={answer}
            postingPath={(type, id) => `/post/${type}?company=${id}`}
          />
        </ul>
      ),
    },
  ]);
  const { container } = render(<Stub />);
  await screen.findAllByRole('listitem');
  return container;
}

const hidden = (form: HTMLFormElement) =>
  Object.fromEntries([...form.querySelectorAll<HTMLInputElement>('input[type=hidden]')].map((input) => [input.name, input.value]));

describe('BoardCompanyCard', () => {
  it('posts each form with the session’s token, its intent and the row it changes', async () => {
    const container = await renderCard();
    const forms = [...container.querySelectorAll('form')].map(hidden);
    expect(forms).toEqual([
      { authenticity_token: 'token-of-this-test', intent: 'state', entry_id: '70' },
      { authenticity_token: 'token-of-this-test', intent: 'delete_event', event_id: '700' },
      { authenticity_token: 'token-of-this-test', intent: 'event', company_id: '7' },
    ]);
    for (const form of container.querySelectorAll('form')) expect(form.getAttribute('method')).toBe('post');
  });

  it('opens only the refused form again, with the server’s message', async () => {
    const container = await renderCard({
      intent: 'event',
      key: '7',
      errors: { date: '日付を入力してください。' },
      values: { kind: 'briefing' },
    });
    const [update, , addEvent] = [...container.querySelectorAll('details')];
    expect(update!.open).toBe(false);
    expect(addEvent!.open).toBe(true);
    expect(addEvent!.textContent).toContain('日付を入力してください。');
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: '種類' }).value).toBe('briefing');
  });
});
