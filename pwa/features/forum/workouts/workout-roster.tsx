import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { AttendanceRecord, WaitlistEntry, WorkoutLane, WorkoutSignup } from '../../../../domain/contract/training/forum';
import { LaneGroups, LaneMoveSelect, laneNameOf } from './lane-picker';
import { EmptyState, ErrorMessage, Notice } from '../../../components/status';
import { errorMessage } from '../../../lib/data/api-client';
import { ApiError } from '../../../lib/data/api-error';
import { pendingFor, performWrite, usePendingWrites } from '../../../lib/offline/perform-write';
import { Modal } from '../../../components/modal';
import { formatDate, formatDateTime, formatTime } from '../../../lib/ui/format';
import { UnsyncedMark, SavedAge } from '../../../components/offline-note';
import { Avatar } from '../../../components/avatar';
import { attendanceLocked } from '../../../../domain/rules';
import { useRuleText } from '../../../lib/club/club-rules';

export const ATTENDANCE_LOCKED = 'Attendance Submitted - Cannot be Modified';

export function whosComingTitle(count: number, capacity: number | null): string {
  return capacity === null ? `Who's Coming (${count})` : `Who's Coming (${count}/${capacity})`;
}

/** The stored record carried by the 409 of a second submission: the first one to reach the club wins. */
export function recordFromConflict(err: ApiError): AttendanceRecord | null {
  const body = err.body as Partial<AttendanceRecord>;
  if (!body.attendance || typeof body.attendance !== 'object') return null;
  return {
    attendance: body.attendance,
    submitted: true,
    submitted_by: body.submitted_by ?? null,
    submitted_at: body.submitted_at ?? null,
  };
}

function submittedLine(record: AttendanceRecord, prefix: string): string {
  const who = record.submitted_by ?? 'an exec';
  return record.submitted_at ? `${prefix} ${who} on ${formatDateTime(record.submitted_at)}` : `${prefix} ${who}`;
}

interface RosterProps {
  workoutId: number;
  capacity: number | null;
  signups: WorkoutSignup[];
  /** A workout with lanes: the roster and the attendance sheet are grouped by lane (the lane sheet is the register). */
  lanes?: WorkoutLane[];
  /** The waitlist: on a workout with lanes, who waits for which lane (a member waiting to move says so on their row). */
  waitlist?: WaitlistEntry[];
  myId: number | undefined;
  /** The member's own row reflects a choice saved on this device and not yet on the server. */
  mineUnsynced?: boolean;
  /** Execs and administrators take attendance. */
  takesAttendance: boolean;
  /** The stored attendance (execs only), undefined until it is known. */
  record: AttendanceRecord | undefined;
  recordLoading: boolean;
  recordError: string;
  /** The record the club holds, when a refusal carries it (another exec submitted first). */
  onRecorded: (record: AttendanceRecord) => void;
  /** Attendance opens when the workout starts (the API refuses it before). */
  started: boolean;
  startsAt: { date: string; time: string };
  /** Opened from "Take attendance": the list comes into view with the focus on its heading. */
  focusAttendance?: boolean;
  /** Shown from a copy kept on this device, read at this time (epoch ms); null for the club's answer. */
  savedAt?: number | null;
  /** What another feature adds to the sheet once attendance opens (the duty holders, handed in by the frame). */
  sheetExtras?: ReactNode;
}

/** The line an exec sees instead of the checkboxes before the start. */
export function attendanceOpensText(startsAt: { date: string; time: string }): string {
  return `Attendance opens at ${formatTime(startsAt.time)} on ${formatDate(startsAt.date, 'long')}, when the workout starts.`;
}

/** "Who's Coming": every signup with the time they signed up, and for execs the attendance checkboxes. */
export function WorkoutRoster({ workoutId, capacity, signups, lanes, waitlist = [], myId, mineUnsynced = false, takesAttendance, record, recordLoading, recordError, onRecorded, started, startsAt, focusAttendance = false, savedAt = null, sheetExtras }: RosterProps) {
  const headingId = useId();
  const ruleWords = useRuleText();
  const heading = useRef<HTMLHeadingElement>(null);
  const pending = usePendingWrites();
  const [ticks, setTicks] = useState<Record<string, boolean>>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [conflict, setConflict] = useState('');
  const [confirming, setConfirming] = useState(false);

  const pendingSubmit = pendingFor(pending, 'attendance', workoutId);
  // Submitted on this device, not yet on the server: the outbox lists it before performWrite resolves.
  const unsyncedTicks = pendingSubmit?.attendanceData ?? null;
  const locked = attendanceLocked(record) || unsyncedTicks !== null;
  const shownTicks = record?.submitted ? record.attendance : (unsyncedTicks ?? ticks);

  async function submit() {
    setConfirming(false);
    const attendanceData = Object.fromEntries(signups.map((s) => [String(s.user_id), !!ticks[String(s.user_id)]]));
    setBusy(true);
    setError('');
    setConflict('');
    try {
      // The club's answer reaches the record on this page (and every other copy) through the data layer.
      await performWrite({ kind: 'attendance', workoutId, attendanceData });
    } catch (err) {
      const stored = err instanceof ApiError && err.status === 409 ? recordFromConflict(err) : null;
      if (stored) {
        onRecorded(stored);
        setConflict(submittedLine(stored, 'Already submitted by'));
      } else {
        setError(errorMessage(err, 'Error submitting attendance. Please try again.'));
      }
    } finally {
      setBusy(false);
    }
  }

  const present = signups.filter((s) => shownTicks[String(s.user_id)]).length;
  const absent = signups.filter((s) => !ticks[String(s.user_id)]);
  // Before the start there is nothing to tick: the checkboxes appear once attendance opens.
  const ticking = takesAttendance && (started || !!record?.submitted || unsyncedTicks !== null);
  // Taking it now: each row is one big toggle, names are not links, and the count follows every tap.
  const taking = ticking && !locked;

  useEffect(() => {
    if (!focusAttendance || !ticking) return;
    // After the page's own scroll to the top (layout.tsx), on the next frame.
    const frame = requestAnimationFrame(() => {
      heading.current?.scrollIntoView?.({ block: 'start' });
      heading.current?.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [focusAttendance, ticking]);

  const allPresent = () => setTicks(Object.fromEntries(signups.map((s) => [String(s.user_id), true])));

  return (
    <section className="card forum-section" aria-labelledby={headingId} id="attendance">
      <h2 id={headingId} ref={heading} tabIndex={-1}>
        {whosComingTitle(signups.length, capacity)}
      </h2>
      <SavedAge fromCache={savedAt !== null} updatedAt={savedAt} />
      {taking && signups.length > 0 && (
        <div className="forum-take">
          <p className="forum-take__count" aria-live="polite">
            <strong>{present}</strong> of {signups.length} present
          </p>
          <button type="button" className="button" onClick={allPresent} disabled={busy || recordLoading}>
            All present
          </button>
        </div>
      )}
      {signups.length === 0 ? (
        <EmptyState>No one has signed up yet. Be the first!</EmptyState>
      ) : taking ? (
        <LaneGroups lanes={lanes} signups={signups}>
          {(people) => (
        <ul className="forum-people forum-people--take">
          {people.map((s) => {
            const here = !!shownTicks[String(s.user_id)];
            return (
              <li key={s.id} className="forum-person--take">
                <label className={`forum-take__row${here ? ' forum-take__row--here' : ''}`}>
                  <input
                    type="checkbox"
                    aria-label={`Present: ${s.user_name}`}
                    checked={here}
                    disabled={busy || recordLoading}
                    onChange={(e) => setTicks((t) => ({ ...t, [String(s.user_id)]: e.target.checked }))}
                  />
                  <Avatar name={s.user_name} url={s.userProfilePictureUrl} size={40} className="forum-avatar forum-avatar--small" />
                  <span className="forum-person__name">
                    {s.user_name}
                    {s.user_id === myId && <span className="hint"> (you)</span>}
                  </span>
                  <span className="forum-take__state" aria-hidden="true">
                    {here ? 'Present' : 'Absent'}
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
          )}
        </LaneGroups>
      ) : (
        // The exec's roster says who waits for each lane; a member's own page has the waitlist below.
        <LaneGroups lanes={lanes} signups={signups} waitlist={takesAttendance ? waitlist : undefined}>
          {(people) => (
        <ul className="forum-people">
          {people.map((s) => {
            const movingTo = laneNameOf(lanes, waitlist.find((w) => w.user_id === s.user_id)?.lane);
            return (
            <li key={s.id} className="forum-person">
              <Avatar name={s.user_name} url={s.userProfilePictureUrl} size={40} className="forum-avatar forum-avatar--small" />
              <span className="forum-person__name">
                {/* Execs and admins (who take attendance) reach each member's attendance history from here. */}
                {takesAttendance ? <Link to={`/attendance/members/${s.user_id}`}>{s.user_name}</Link> : s.user_name}
                {s.user_id === myId && <span className="hint"> (you)</span>}
                {s.user_id === myId && mineUnsynced && <UnsyncedMark />}
                <span className="forum-person__time">Signed up {formatDateTime(s.signup_time)}</span>
                {movingTo && <span className="forum-person__time">Waiting for a place in {movingTo}</span>}
              </span>
              {lanes && lanes.length > 0 && takesAttendance && !locked && <LaneMoveSelect workoutId={workoutId} person={s} lanes={lanes} />}
              {/* Once submitted (or saved to submit), the sheet is a record: each person reads it in words. */}
              {ticking && <AttendedMark present={!!shownTicks[String(s.user_id)]} />}
            </li>
            );
          })}
        </ul>
          )}
        </LaneGroups>
      )}

      {ticking && sheetExtras}
      {takesAttendance && (
        <div className="forum-attendance">
          {recordError && <ErrorMessage>{recordError}</ErrorMessage>}
          {conflict && <ErrorMessage>{conflict}</ErrorMessage>}
          {record?.submitted ? (
            <Notice tone="success">
              <strong>{ATTENDANCE_LOCKED}</strong>
              <br />
              {submittedLine(record, 'Submitted by')} · {present} of {signups.length} present
            </Notice>
          ) : unsyncedTicks ? (
            <UnsyncedMark />
          ) : !started ? (
            <p className="forum-attendance__opens">{attendanceOpensText(startsAt)}</p>
          ) : signups.length > 0 ? (
            <>
              <p className="hint">
                Tap a name to mark it present or absent (or start from All present), then submit. Once submitted,
                attendance cannot be changed.
              </p>
              {error && <ErrorMessage>{error}</ErrorMessage>}
              <div className="actions forum-take__submit">
                <span className="forum-take__total">
                  {present} of {signups.length} present
                </span>
                <button type="button" className="button button--primary" onClick={() => setConfirming(true)} disabled={busy || recordLoading}>
                  {busy ? 'Submitting…' : 'Submit Attendance'}
                </button>
              </div>
            </>
          ) : null}
          {confirming && (
            <Modal
              title="Submit attendance?"
              onClose={() => setConfirming(false)}
              footer={
                <div className="actions">
                  <button type="button" className="button button--ghost" onClick={() => setConfirming(false)} data-autofocus>
                    Go back
                  </button>
                  <button type="button" className="button button--primary" onClick={() => void submit()}>
                    Submit Attendance
                  </button>
                </div>
              }
            >
              <p>
                {signups.length - absent.length} of {signups.length} present.
              </p>
              {absent.length > 0 ? (
                <>
                  <p>
                    {absent.length === 1 ? 'This member' : `These ${absent.length} members`} will be counted absent (
                    {ruleWords.suspensionShort}):
                  </p>
                  <ul className="forum-absent-list">
                    {absent.map((s) => (
                      <li key={s.id}>{s.user_name}</li>
                    ))}
                  </ul>
                </>
              ) : (
                <p>No one will be counted absent.</p>
              )}
              <p>Once submitted, attendance is locked and cannot be changed.</p>
            </Modal>
          )}
        </div>
      )}
    </section>
  );
}

/** A row of a submitted sheet: 'Present' or 'Absent' in words, the mark beside them only a help to the eye. */
function AttendedMark({ present }: { present: boolean }) {
  return (
    <span className={`forum-attended forum-attended--${present ? 'present' : 'absent'}`}>
      <span aria-hidden="true">{present ? '✓' : '✗'}</span>
      <span>{present ? 'Present' : 'Absent'}</span>
    </span>
  );
}

interface WaitlistProps {
  entries: WaitlistEntry[];
  myId: number | undefined;
  /** A workout with lanes: one list per lane, each in its own order. */
  lanes?: WorkoutLane[];
  /** Who holds a place, so a member waiting to move says from where. */
  signups?: WorkoutSignup[];
  savedAt?: number | null;
}

/** The waitlist in join order; on a workout with lanes, one list per lane, so each person's lane shows. */
export function WaitlistSection({ entries, myId, lanes = [], signups = [], savedAt = null }: WaitlistProps) {
  const headingId = useId();
  const list = (people: WaitlistEntry[]) => (
    <ol className="forum-people forum-waitlist">
      {people.map((w) => {
        const from = lanes.length > 0 ? laneNameOf(lanes, signups.find((s) => s.user_id === w.user_id)?.lane) : null;
        return (
          <li key={w.id} className="forum-person">
            <Avatar name={w.user_name} url={w.userProfilePictureUrl} size={40} className="forum-avatar forum-avatar--small" />
            <span className="forum-person__name">
              {w.user_name}
              {w.user_id === myId && <span className="hint"> (you)</span>}
              <span className="forum-person__time">Joined {formatDateTime(w.joined_at)}</span>
              {from && <span className="forum-person__time">Moving from {from}</span>}
            </span>
          </li>
        );
      })}
    </ol>
  );
  const known = new Set(lanes.map((l) => l.id));
  const groups = [
    ...lanes.map((lane) => ({ key: String(lane.id), title: `Waiting for ${lane.name}`, people: entries.filter((w) => w.lane === lane.id) })),
    { key: 'none', title: 'Waiting without a lane', people: entries.filter((w) => w.lane == null || !known.has(w.lane)) },
  ].filter((g) => g.people.length > 0);
  return (
    <section className="card forum-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Waitlist ({entries.length})</h2>
      <SavedAge fromCache={savedAt !== null} updatedAt={savedAt} />
      {lanes.length === 0
        ? list(entries)
        : groups.map((g) => (
            <section key={g.key} className="lane-group" aria-label={`${g.title} (${g.people.length})`}>
              <h3 className="lane-group__title">
                {g.title} ({g.people.length})
              </h3>
              {list(g.people)}
            </section>
          ))}
    </section>
  );
}
