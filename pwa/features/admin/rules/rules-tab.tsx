import { useState } from 'react';
import type { ClubDocument } from '../../../../domain/contract/club-documents';
import { RULE_NUMBER_LABELS } from '../../../../domain/contract/club-documents-schemas';
import { DEFAULT_RULE_NUMBERS, RULE_NUMBER_BOUNDS, ruleText, type RuleNumbers } from '../../../../domain/rules';
import { FormField } from '../../../components/form-field';
import { EmptyState, ErrorMessage, Loading, Notice } from '../../../components/status';
import { errorMessage } from '../../../lib/data/api-client';
import { newerVersion, refusedField, useClubDocument, useDocumentVersions, usePublishDocument } from '../../../lib/data/club-documents';
import { setClubRules } from '../../../lib/club/club-rules';
import { formatDateTime } from '../../../lib/ui/format';
import { TimeZoneSection } from './time-zone-section';
import './rules.css';

const FIELDS = Object.keys(RULE_NUMBER_LABELS) as (keyof RuleNumbers)[];
type Draft = Record<keyof RuleNumbers, string>;

const toDraft = (rules: RuleNumbers): Draft => ({
  lateCancelHours: String(rules.lateCancelHours),
  absencesBeforeSuspension: String(rules.absencesBeforeSuspension),
  suspensionDays: String(rules.suspensionDays),
});

/** A field's own message before anything is sent: the server says the same of the same input. */
function fieldProblem(key: keyof RuleNumbers, text: string): string | undefined {
  const { min, max } = RULE_NUMBER_BOUNDS[key];
  const n = Number(text);
  if (text.trim() === '' || !Number.isInteger(n) || n < min || n > max) {
    return `${RULE_NUMBER_LABELS[key]} must be a whole number from ${min} to ${max}`;
  }
  return undefined;
}

/** Admin → Rules: the attendance rules' numbers, what members will read, and every change made. */
export function RulesTab() {
  const document = useClubDocument('rules');
  const publish = usePublishDocument('rules');
  if (document.isPending) return <Loading text="Loading the rules…" />;
  if (!document.data) return <ErrorMessage>{errorMessage(document.error, 'Failed to load the rules')}</ErrorMessage>;
  return (
    <div className="rules-admin">
      {/* A saved version remounts the editor with its numbers; the notice lives here to outlast that. */}
      <RulesEditor key={document.data.version} document={document.data} publish={publish} />
      {publish.isSuccess && <Notice tone="success">Rules saved: they apply from now on.</Notice>}
      <RuleHistory />
      <TimeZoneSection />
    </div>
  );
}

function RulesEditor({ document, publish }: { document: ClubDocument<'rules'>; publish: ReturnType<typeof usePublishDocument<'rules'>> }) {
  const [draft, setDraft] = useState<Draft>(() => toDraft(document.body));
  const [shown, setShown] = useState<Partial<Record<keyof RuleNumbers, string>>>({});
  const [error, setError] = useState('');
  const problems = Object.fromEntries(FIELDS.map((k) => [k, fieldProblem(k, draft[k])])) as Partial<Record<keyof RuleNumbers, string>>;
  const valid = FIELDS.every((k) => !problems[k]);
  const numbers: RuleNumbers | null = valid
    ? { lateCancelHours: Number(draft.lateCancelHours), absencesBeforeSuspension: Number(draft.absencesBeforeSuspension), suspensionDays: Number(draft.suspensionDays) }
    : null;
  const words = ruleText(numbers ?? document.body);

  async function save() {
    setError('');
    if (!numbers) {
      setShown(problems);
      return;
    }
    try {
      await publish.mutateAsync({ body: numbers, version: document.version });
      // This device words the rules at once; the others with their next /api/config.
      setClubRules(numbers);
    } catch (err) {
      if (newerVersion(err)) {
        setError('Another administrator changed the rules while you were editing: their numbers are shown now. Make your change again.');
        return;
      }
      const field = refusedField(err) as keyof RuleNumbers | null;
      if (field && FIELDS.includes(field)) setShown({ [field]: errorMessage(err, 'Not saved') });
      else setError(errorMessage(err, 'The rules were not saved'));
    }
  }

  return (
    <form
      className="card form rules-admin__form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <p className="hint">
        The server applies these from the moment they are saved: absences and suspensions already counted stay as they were.
      </p>
      {FIELDS.map((key) => (
        <FormField key={key} label={RULE_NUMBER_LABELS[key]} error={shown[key]} hint={`${RULE_NUMBER_BOUNDS[key].min}–${RULE_NUMBER_BOUNDS[key].max}`}>
          {(control) => (
            <input
              {...control}
              type="number"
              inputMode="numeric"
              min={RULE_NUMBER_BOUNDS[key].min}
              max={RULE_NUMBER_BOUNDS[key].max}
              step={1}
              value={draft[key]}
              onChange={(e) => {
                setDraft((d) => ({ ...d, [key]: e.target.value }));
                setShown((s) => ({ ...s, [key]: undefined }));
                publish.reset();
              }}
            />
          )}
        </FormField>
      ))}
      <div className="rules-admin__preview" aria-live="polite">
        <h2>Members will read</h2>
        <p>
          {words.lateCancel} {words.suspension}
        </p>
      </div>
      {error && <ErrorMessage>{error}</ErrorMessage>}
      <button type="submit" className="button" disabled={publish.isPending}>
        {publish.isPending ? 'Saving…' : 'Save'}
      </button>
    </form>
  );
}

/** What changed in one version against the one before it: 'Late-cancel window (hours): 24 → 12'. */
function changes(before: RuleNumbers, after: RuleNumbers): string[] {
  return FIELDS.filter((k) => before[k] !== after[k]).map((k) => `${RULE_NUMBER_LABELS[k]}: ${before[k]} → ${after[k]}`);
}

function RuleHistory() {
  const versions = useDocumentVersions('rules');
  if (versions.isPending) return <Loading text="Loading the changes…" />;
  if (!versions.data) return <ErrorMessage>{errorMessage(versions.error, 'Failed to load the changes')}</ErrorMessage>;
  const list = versions.data.versions;
  return (
    <section className="rules-admin__history" aria-labelledby="rules-history">
      <h2 id="rules-history">Changes</h2>
      {list.length === 0 ? (
        <EmptyState>No changes yet: the club&rsquo;s rules are the defaults.</EmptyState>
      ) : (
        <ol className="rules-admin__changes">
          {list.map((v, i) => {
            // The oldest version is compared with the numbers the club started from.
            const before = list[i + 1]?.body ?? DEFAULT_RULE_NUMBERS;
            const what = changes(before, v.body);
            return (
              <li key={v.version}>
                <span className="rules-admin__when">
                  {v.publishedAt !== null ? formatDateTime(v.publishedAt) : ''} · {v.publishedBy?.name ?? 'Unknown'}
                </span>
                <span>{what.length > 0 ? what.join('; ') : v.note ?? 'No change to the numbers'}</span>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
