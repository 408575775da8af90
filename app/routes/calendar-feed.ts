import { buildCalendarFeed } from '../features/tracker/calendar-feed';
import { readCalendarFeed } from '../features/tracker/feed-url.server';
import { publicOrigin } from '../lib/config.server';
import type { Route } from './+types/calendar-feed';
import { AppError } from '../lib/app-error';

// GET /calendar/{user}-{version}-{mac}.ics: a student's tracker events as an iCalendar feed
// (RFC 5545), for Google Calendar or the iPhone calendar to subscribe to (issue 17, decision 035).
// The URL is the only key: anything but the current one is the same 404 as an unknown page.
export async function loader({ params }: Route.LoaderArgs) {
  const events = await readCalendarFeed(params.feed);
  if (!events) throw new AppError('not_found');
  return new Response(buildCalendarFeed({ events, origin: publicOrigin(), now: new Date() }), {
    headers: {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': 'inline; filename="shulog-selections.ics"',
      // Private to whoever holds the URL; calendar apps poll it, so it is always fresh.
      'Cache-Control': 'private, no-store',
      'X-Robots-Tag': 'noindex',
    },
  });
}
