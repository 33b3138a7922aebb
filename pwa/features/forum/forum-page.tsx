import { useRef, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { RequireRole } from '../../components/require-role';
import { usePageTitle } from '../../lib/ui/use-page-title';
import { EventsTab } from './events/events-tab';
import { WorkoutsTab } from './workouts/workouts-tab';
import './forum.css';

const TABS = [
  { key: 'workouts', label: 'Workouts' },
  { key: 'events', label: 'Events' },
] as const;
type TabKey = (typeof TABS)[number]['key'];

/** /forum: any signed-in user; content for members and above, the membership notice for the rest. */
export function ForumPage() {
  usePageTitle('Forum');
  return (
    <div className="page forum-page">
      <h1>Team Forum</h1>
      <RequireRole min="member">
        <ForumTabs />
      </RequireRole>
    </div>
  );
}

/** Tabs driven by ?tab=workouts|events, with the arrow-key behaviour of the WAI-ARIA tabs pattern. */
function ForumTabs() {
  const [params, setParams] = useSearchParams();
  const current: TabKey = params.get('tab') === 'events' ? 'events' : 'workouts';
  const buttons = useRef<Partial<Record<TabKey, HTMLButtonElement | null>>>({});

  function select(key: TabKey, focus = false) {
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.set('tab', key);
        return next;
      },
      { replace: true },
    );
    if (focus) buttons.current[key]?.focus();
  }

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    const index = TABS.findIndex((t) => t.key === current);
    let next: number | null = null;
    if (e.key === 'ArrowRight') next = (index + 1) % TABS.length;
    else if (e.key === 'ArrowLeft') next = (index - 1 + TABS.length) % TABS.length;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = TABS.length - 1;
    if (next === null) return;
    e.preventDefault();
    select(TABS[next]!.key, true);
  }

  return (
    <>
      <div className="segmented forum-tabs" role="tablist" aria-label="Forum sections" onKeyDown={onKeyDown}>
        {TABS.map((t) => (
          <button
            key={t.key}
            ref={(el) => {
              buttons.current[t.key] = el;
            }}
            type="button"
            role="tab"
            id={`forum-tab-${t.key}`}
            aria-selected={current === t.key}
            aria-controls={`forum-panel-${t.key}`}
            tabIndex={current === t.key ? 0 : -1}
            onClick={() => select(t.key)}
          >
            {t.label}
          </button>
        ))}
      </div>
      {TABS.map((t) => (
        <div key={t.key} role="tabpanel" id={`forum-panel-${t.key}`} aria-labelledby={`forum-tab-${t.key}`} hidden={current !== t.key}>
          {current === t.key && (t.key === 'workouts' ? <WorkoutsTab /> : <EventsTab />)}
        </div>
      ))}
    </>
  );
}
