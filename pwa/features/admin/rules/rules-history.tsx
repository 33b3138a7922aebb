import { RULE_NUMBER_LABELS } from '../../../../domain/contract/club/club-documents-schemas';
import { DEFAULT_CLUB_REGION, type ClubRegion } from '../../../../domain/region/club-region';
import type { ClubDocument } from '../../../../domain/contract/club/club-documents';
import type { DocumentKey } from '../../../../domain/documents/club-documents';
import { DEFAULT_RULE_NUMBERS, type RuleNumbers } from '../../../../domain/rules';
import { EmptyState, ErrorMessage, Loading } from '../../../components/status';
import { errorMessage } from '../../../lib/data/api-client';
import { useDocumentVersions } from '../../../lib/documents/club-documents';
import { formatDateTime } from '../../../lib/ui/format';
import { postingSummary } from './posting-rule-field';

// How soon a workout may be posted is told in words ('from tomorrow'), not as its bare number.
const RULE_FIELDS = (Object.keys(RULE_NUMBER_LABELS) as (keyof RuleNumbers)[]).filter((k) => k !== 'postingNoticeMinutes');

const REGION_LABELS: Record<keyof ClubRegion, string> = { country: 'Country', locale: 'Language and date format' };

/** What changed in the attendance rules against the version before: 'Late-cancel window (hours): 24 → 12'. */
function ruleChanges(before: RuleNumbers, after: RuleNumbers): string[] {
  const numbers = RULE_FIELDS.filter((k) => before[k] !== after[k]).map((k) => `${RULE_NUMBER_LABELS[k]}: ${before[k]} → ${after[k]}`);
  const posting = before.postingNoticeMinutes !== after.postingNoticeMinutes ? [`How soon a workout may be posted: ${postingSummary(before)} → ${postingSummary(after)}`] : [];
  return [...numbers, ...posting];
}

/** The zone against the version before; the first one chosen has no before here (the server's CLUB_TIMEZONE). */
function zoneChanges(before: { timeZone: string } | undefined, after: { timeZone: string }): string[] {
  if (!before) return [`Time zone: ${after.timeZone}`];
  return before.timeZone === after.timeZone ? [] : [`Time zone: ${before.timeZone} → ${after.timeZone}`];
}

function regionChanges(before: ClubRegion, after: ClubRegion): string[] {
  return (Object.keys(REGION_LABELS) as (keyof ClubRegion)[])
    .filter((k) => before[k] !== after[k])
    .map((k) => `${REGION_LABELS[k]}: ${before[k]} → ${after[k]}`);
}

interface Change {
  key: string;
  publishedAt: number | null;
  by: string;
  what: string;
}

/** Each version of one document as a line of the history, compared with the version before it. */
function changesOf<K extends DocumentKey>(
  versions: ClubDocument<K>[],
  describe: (before: ClubDocument<K>['body'] | undefined, after: ClubDocument<K>['body']) => string[],
  unchanged: string,
): Change[] {
  return versions.map((v, i) => {
    const what = describe(versions[i + 1]?.body, v.body);
    return {
      key: `${v.key}-${v.version}`,
      publishedAt: v.publishedAt,
      by: v.publishedBy?.name ?? 'Unknown',
      what: what.length > 0 ? what.join('; ') : (v.note ?? unchanged),
    };
  });
}

/** Admin → Rules → Changes: every change of the rules' numbers, the time zone, the country and the language, newest first. */
export function RuleHistory() {
  const rules = useDocumentVersions('rules');
  const zone = useDocumentVersions('time-zone');
  const region = useDocumentVersions('region');
  const reads = [rules, zone, region];
  if (reads.some((r) => r.isPending)) return <Loading text="Loading the changes…" />;
  const failed = reads.find((r) => !r.data);
  if (failed || !rules.data || !zone.data || !region.data) {
    return <ErrorMessage>{errorMessage(failed?.error, 'Failed to load the changes')}</ErrorMessage>;
  }
  const list = [
    // The oldest version of the numbers is compared with the numbers the club started from.
    ...changesOf(rules.data.versions, (before, after) => ruleChanges(before ?? DEFAULT_RULE_NUMBERS, after), 'No change to the numbers'),
    ...changesOf(zone.data.versions, zoneChanges, 'No change to the time zone'),
    ...changesOf(region.data.versions, (before, after) => regionChanges(before ?? DEFAULT_CLUB_REGION, after), 'No change to the country or language'),
  ].sort((a, b) => (b.publishedAt ?? 0) - (a.publishedAt ?? 0));
  return (
    <section className="rules-admin__history" aria-labelledby="rules-history">
      <h2 id="rules-history">Changes</h2>
      {list.length === 0 ? (
        <EmptyState>No changes yet: the club&rsquo;s rules, time zone, country and language are the defaults.</EmptyState>
      ) : (
        <ol className="rules-admin__changes">
          {list.map((change) => (
            <li key={change.key}>
              <span className="rules-admin__when">
                {change.publishedAt !== null ? formatDateTime(change.publishedAt) : ''} · {change.by}
              </span>
              <span>{change.what}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
