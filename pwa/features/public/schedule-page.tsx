import { useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import { LoadError, Loading } from '../../components/status';
import { formatTime } from '../../lib/ui/format';
import { usePageTitle } from '../../lib/ui/use-page-title';
import { DAYS, firstShownSeason, scheduleEmpty, seasonDatesText, seasonWeek, sessionType, type Season, type SeasonsDocument } from '../../../domain/schedule';
import { useClubSports } from '../../lib/club/club-sports';
import { useClubDocument } from '../../lib/documents/page-documents';
import './public.css';

/** No weekly session is set out (a new club's schedule): said in a sentence, not shown as an empty grid. */
function NoSessions({ className }: { className?: string }) {
  return (
    <p className={className}>
      No weekly sessions are set out yet. See the <Link to="/forum">forum</Link> for what is on.
    </p>
  );
}

/** /schedule: the club's seasons (Admin → Schedule), the one the club picked shown first. */
export function SchedulePage() {
  usePageTitle('Schedule');
  // The server renders the page with the seasons in force; a browser-drawn visit waits for them (a
  // timetable of no club's, shown meanwhile, would be taken for this club's).
  const { data, error, refetch } = useClubDocument('seasons');
  return (
    <div className="page schedule">
      {data ? (
        <Seasons doc={data.body} />
      ) : (
        <>
          <header className="page-intro">
            <h1>Schedule</h1>
          </header>
          {error ? <LoadError onRetry={() => void refetch()}>The schedule could not be loaded.</LoadError> : <Loading text="Loading the schedule…" />}
        </>
      )}
    </div>
  );
}

function Seasons({ doc }: { doc: SeasonsDocument }) {
  const seasons = doc.seasons;
  const [chosen, setSelected] = useState<Season['id'] | null>(null);
  const selected = seasons.some((s) => s.id === chosen) ? chosen : (firstShownSeason(doc)?.id ?? null);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  function select(i: number) {
    const season = seasons[(i + seasons.length) % seasons.length]!;
    setSelected(season.id);
    tabs.current[seasons.indexOf(season)]?.focus();
  }

  // WAI-ARIA tabs with automatic activation: arrows move and select, Home/End jump to the ends.
  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    const current = seasons.findIndex((s) => s.id === selected);
    const moves: Record<string, number> = { ArrowRight: current + 1, ArrowLeft: current - 1, Home: 0, End: seasons.length - 1 };
    if (!(e.key in moves)) return;
    e.preventDefault();
    select(moves[e.key]!);
  }

  if (scheduleEmpty(doc)) {
    return (
      <header className="page-intro">
        <h1>Schedule</h1>
        <NoSessions className="lead" />
      </header>
    );
  }

  return (
    <>
      <header className="page-intro">
        <h1>Schedule</h1>
        <p className="lead">
          Our weekly workouts for each season. Members sign up for each workout on the forum; times and places can
          change, so check the forum before you go.
        </p>
      </header>

      <div className="segmented schedule__tabs" role="tablist" aria-label="Seasons" onKeyDown={onKeyDown}>
        {seasons.map((s, i) => (
          <button
            key={s.id}
            ref={(el) => {
              tabs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`season-tab-${s.id}`}
            aria-controls={`season-panel-${s.id}`}
            aria-selected={s.id === selected}
            tabIndex={s.id === selected ? 0 : -1}
            onClick={() => setSelected(s.id)}
          >
            {s.name}
          </button>
        ))}
      </div>

      {seasons.map((s) => (
        <div
          key={s.id}
          role="tabpanel"
          id={`season-panel-${s.id}`}
          aria-labelledby={`season-tab-${s.id}`}
          hidden={s.id !== selected}
          tabIndex={0}
          className="season"
        >
          {s.id === selected && <SeasonPanel season={s} />}
        </div>
      ))}
    </>
  );
}

function SeasonPanel({ season }: { season: Season }) {
  return (
    <>
      <div className="season__head">
        <h2>{season.name} season</h2>
        <p className="season__dates">{seasonDatesText(season)}</p>
        {season.summary && <p>{season.summary}</p>}
      </div>

      {season.sessions.length > 0 ? <Timetable season={season} /> : <NoSessions />}

      {season.notes.length > 0 && (
        <>
          <h3 className="season__subtitle">Where to go</h3>
          <dl className="where">
            {season.notes.map((n) => (
              <div key={`${n.topic}-${n.text}`} className="where__item card">
                <dt>{n.topic}</dt>
                <dd>{n.text}</dd>
              </div>
            ))}
          </dl>
        </>
      )}
    </>
  );
}

function Timetable({ season }: { season: Season }) {
  const week = seasonWeek(season);
  // Each session's sport is one of the club's workout types (Admin → Sports): its name and badge colour.
  const sports = useClubSports();
  return (
    <>
      <h3 className="season__subtitle">Weekly timetable</h3>
      <ol className="week" aria-label={`${season.name} weekly timetable`}>
        {DAYS.map((day) => {
          const sessions = week[day];
          return (
            <li key={day} className="week__day">
              <h4 className="week__name">{day}</h4>
              {sessions.length === 0 ? (
                <p className="week__rest">Rest day</p>
              ) : (
                <ul className="week__sessions">
                  {sessions.map((t) => {
                    const type = sessionType(sports, t);
                    return (
                      <li key={`${t.start}-${t.title}`} className={`session session--${type.colour}`}>
                        <span className="session__kind">{type.name}</span>
                        <span className="session__title">{t.title}</span>
                        <span className="session__time">
                          <time dateTime={t.start}>{formatTime(t.start)}</time> to <time dateTime={t.end}>{formatTime(t.end)}</time>
                        </span>
                        <span className="session__place">{t.place}</span>
                      </li>
                    );
                  })}
                </ul>
              )}
            </li>
          );
        })}
      </ol>
    </>
  );
}
