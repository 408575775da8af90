// One lane at the bottom of the screen for everything that announces itself: the snack bar's
// messages and the badge notification (issue 27: 「投稿を審査に送信しました」 covered the badge
// notice and its share buttons). One notice shows at a time; the others wait their turn in the
// order they came. A notice that would stay until closed (a persistent message, the phone's small
// badge bar) steps aside for the next one and comes back after it; a timed message that someone
// waits behind is cut short, but stays readable.

export type LaneNotice = {
  /** Whether it stays until closed: it then steps aside for anything that arrives. */
  yields: boolean;
  /** It has the lane: draw it. */
  show: () => void;
  /** It stepped aside (it will be shown again): hide it without forgetting it. */
  hide: () => void;
  /** Someone waits behind it: a timed notice closes soon. */
  hurry?: () => void;
};

export type LaneTicket = { readonly id: number };

type Entry = LaneNotice & { id: number };

let nextId = 1;
let current: Entry | null = null;
const waiting: Entry[] = [];

function start(entry: Entry) {
  current = entry;
  entry.show();
}

/**
 * Asks for the lane: `notice.show` runs now if the lane is free (or held by a notice that steps
 * aside), or once the notices before it have left.
 */
export function enterLane(notice: LaneNotice): LaneTicket {
  const entry: Entry = { ...notice, id: nextId++ };
  if (!current) {
    start(entry);
  } else if (current.yields) {
    const stepped = current;
    stepped.hide();
    waiting.unshift(stepped);
    start(entry);
  } else {
    waiting.push(entry);
    current.hurry?.();
  }
  return { id: entry.id };
}

/** The notice closed (or will never show): the next one in line shows. */
export function leaveLane(ticket: LaneTicket | null | undefined): void {
  if (!ticket) return;
  const index = waiting.findIndex((entry) => entry.id === ticket.id);
  if (index >= 0) {
    waiting.splice(index, 1);
    return;
  }
  if (current?.id !== ticket.id) return;
  current = null;
  const next = waiting.shift();
  if (next) start(next);
}

/** Whether anything is shown or waiting (tests, and the badge popup's once-a-second check). */
export function laneBusy(): boolean {
  return current !== null || waiting.length > 0;
}

/** Whether the ticket's notice is the one shown now. */
export function holdsLane(ticket: LaneTicket | null | undefined): boolean {
  return ticket != null && current?.id === ticket.id;
}

/** For tests: an empty lane. */
export function resetLane(): void {
  current = null;
  waiting.length = 0;
}
