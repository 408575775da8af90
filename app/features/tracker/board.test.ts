import { describe, expect, it } from 'vitest';
import { assembleBoard, type BoardEntryRow, type BoardEvent, type BoardStepRow } from './board';

const entry = (overrides: Partial<BoardEntryRow> & Pick<BoardEntryRow, 'entryId' | 'companyId'>): BoardEntryRow => ({
  companyName: `企業${overrides.companyId}`,
  category: 'recruit',
  status: 'registered',
  outcome: null,
  ...overrides,
});

const event = (overrides: Partial<BoardEvent> & Pick<BoardEvent, 'id' | 'companyId' | 'date'>): BoardEvent => ({
  kind: 'interview',
  companyName: `企業${overrides.companyId}`,
  time: null,
  place: '',
  url: '',
  memo: '',
  updatedAt: new Date('2026-11-20T00:00:00Z'),
  ...overrides,
});

describe('assembleBoard', () => {
  it('groups entries by company in the order given, an internship first, with each entry’s history', () => {
    const steps: BoardStepRow[] = [
      { entryId: 1, status: 'registered', outcome: null, on: '2026-10-01' },
      { entryId: 1, status: 'es_submitted', outcome: null, on: '2026-10-05' },
      { entryId: 2, status: 'registered', outcome: null, on: '2026-10-02' },
    ];
    const board = assembleBoard({
      today: '2026-11-01',
      entries: [
        entry({ entryId: 1, companyId: 10, status: 'es_submitted' }),
        entry({ entryId: 3, companyId: 20 }),
        entry({ entryId: 2, companyId: 10, category: 'intern' }),
      ],
      steps,
      events: [],
    });
    expect(board.companies.map((company) => company.companyId)).toEqual([10, 20]);
    const [first] = board.companies;
    expect(first!.name).toBe('企業10');
    expect(first!.entries.map((item) => [item.entryId, item.category])).toEqual([
      [2, 'intern'],
      [1, 'recruit'],
    ]);
    expect(first!.entries[1]!.history.map((step) => step.status)).toEqual(['registered', 'es_submitted']);
    expect(board.companies[1]!.entries[0]!.history).toEqual([]);
  });

  it('puts a company ended in every category after the others, each group keeping its order', () => {
    const board = assembleBoard({
      today: '2026-11-01',
      entries: [
        entry({ entryId: 1, companyId: 10, outcome: 'rejected', status: 'es_submitted' }),
        entry({ entryId: 2, companyId: 20 }),
        entry({ entryId: 3, companyId: 30, outcome: 'declined', status: 'es_submitted' }),
        entry({ entryId: 4, companyId: 30, category: 'intern' }),
        entry({ entryId: 5, companyId: 40, outcome: 'rejected', status: 'es_submitted' }),
      ],
      steps: [],
      events: [],
    });
    expect(board.companies.map((company) => [company.companyId, company.ended])).toEqual([
      [20, false],
      [30, false],
      [10, true],
      [40, true],
    ]);
  });

  it('gives each company its events, past ones kept, and lists the 14 days from today as upcoming', () => {
    const events = [
      event({ id: 1, companyId: 10, date: '2026-10-31' }),
      event({ id: 2, companyId: 10, date: '2026-11-01' }),
      // An event of a company no longer on the board shows nowhere but the upcoming list.
      event({ id: 5, companyId: 99, date: '2026-11-02' }),
      event({ id: 3, companyId: 20, date: '2026-11-14' }),
      event({ id: 4, companyId: 10, date: '2026-11-15' }),
    ];
    const board = assembleBoard({
      today: '2026-11-01',
      entries: [entry({ entryId: 1, companyId: 10 }), entry({ entryId: 2, companyId: 20 })],
      steps: [],
      events,
    });
    expect(board.today).toBe('2026-11-01');
    expect(board.companies.map((company) => company.events.map((item) => item.id))).toEqual([[1, 2, 4], [3]]);
    expect(board.upcoming.map((item) => item.id)).toEqual([2, 5, 3]);
  });

  it('crosses a month end when counting the 14 days', () => {
    const board = assembleBoard({
      today: '2026-12-25',
      entries: [],
      steps: [],
      events: [event({ id: 1, companyId: 10, date: '2027-01-07' }), event({ id: 2, companyId: 10, date: '2027-01-08' })],
    });
    expect(board.companies).toEqual([]);
    expect(board.upcoming.map((item) => item.id)).toEqual([1]);
  });
});
