import { useId, useState } from 'react';
import { newMembershipTerm, termChoices } from '../../../domain/calendar';
import type { JoinPage } from '../../../domain/documents/club-pages';
import { useClubTerms } from '../../lib/club/club-terms';
import { formatDate } from '../../lib/ui/format';
import {
  APPROVABLE_ROLES,
  approveMemberSchema,
  type AdminMember,
  type ApproveMemberInput,
} from '../../../domain/contract/members/admin';
import { ROLE_LABELS } from '../../../domain/contract/roles';
import { FormField } from '../../components/form-field';
import { FormFooter } from '../../components/form-footer';
import { Modal } from '../../components/modal';
import { ErrorMessage } from '../../components/status';
import { errorMessage } from '../../lib/data/api-client';
import { useClubDocument } from '../../lib/documents/page-documents';
import { useClubToday } from '../../lib/club/club-clock';
import { useContractForm } from '../../lib/forms/forms';
import { useApproveMemberMutation } from './api/admin-mutations';

interface Props {
  member: AdminMember;
  onClose: () => void;
  onApproved: (member: AdminMember) => void;
}

const OTHER = 'other';

const PAYS = /\bpa(?:y|id|ying|yment)s?\b/i;

/**
 * How the club's Join us page tells applicants to pay: the title of its first step about paying
 * ("Pay your membership at the athletic centre"), or null when no step says.
 */
function paymentStep(join: JoinPage | undefined): string | null {
  const steps = join?.steps ?? [];
  const step = steps.find((s) => PAYS.test(s.title)) ?? steps.find((s) => PAYS.test(s.text));
  return step ? step.title.trim() || null : null;
}

export function ApproveMemberModal({ member, onClose, onApproved }: Props) {
  const [error, setError] = useState('');
  const today = useClubToday();
  const terms = useClubTerms();
  // The membership terms' last days; "Another date" opens a date field. The one chosen first is the
  // current term's, or the next term's in the current one's last week (newMembershipTerm).
  const [sessions] = useState(() => (today ? termChoices(terms, today) : []));
  const [first] = useState(() => (today ? sessions.find((s) => s.id === newMembershipTerm(terms, today).id && s.ends >= today) : undefined));
  const [choice, setChoice] = useState(first?.id ?? OTHER);
  const payment = paymentStep(useClubDocument('join-page').data?.body);
  const choiceId = useId();
  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors, isSubmitting },
  } = useContractForm<ApproveMemberInput>(approveMemberSchema, {
    defaultValues: { role: 'member', expiryDate: first?.ends ?? '' },
  });

  function choose(next: string) {
    setChoice(next);
    setValue('expiryDate', sessions.find((s) => s.id === next)?.ends ?? '');
  }
  const approve = useApproveMemberMutation();

  const submit = handleSubmit(async (values) => {
    setError('');
    try {
      const answer = await approve.mutateAsync({ id: member.id, body: values });
      onApproved(answer.member);
    } catch (err) {
      setError(errorMessage(err, 'Could not approve the member. Please try again.'));
    }
  });

  const problem = error || errors.root?.message;
  return (
    <Modal title="Approve Member" onClose={onClose}>
      <form className="form" onSubmit={submit} noValidate>
        <p className="hint">
          Approve <strong>{member.name}</strong> ({member.email}) once their membership payment is confirmed. They get an
          activation email.
        </p>
        {payment && <p className="hint">Join us tells applicants: &ldquo;{payment}&rdquo;.</p>}
        <FormField label="Role" error={errors.role?.message}>
          {(field) => (
            <select {...field} data-autofocus {...register('role')}>
              {APPROVABLE_ROLES.map((r) => (
                <option key={r} value={r}>
                  {ROLE_LABELS[r]}
                </option>
              ))}
            </select>
          )}
        </FormField>
        {sessions.length > 0 && (
          <div className="field">
            <label htmlFor={choiceId}>Membership until</label>
            <select id={choiceId} value={choice} onChange={(e) => choose(e.target.value)}>
              {sessions.map((s) => (
                <option key={s.id} value={s.id}>
                  End of {s.name} ({formatDate(s.ends, 'medium')})
                </option>
              ))}
              <option value={OTHER}>Another date…</option>
            </select>
          </div>
        )}
        {choice === OTHER && (
          <FormField
            label="Expiry date"
            error={errors.expiryDate?.message}
            hint="When the membership runs out (the end of the paid session)."
          >
            {(field) => <input {...field} type="date" min={today ?? undefined} required {...register('expiryDate')} />}
          </FormField>
        )}
        {problem && <ErrorMessage>{problem}</ErrorMessage>}
        <FormFooter submitLabel="Approve Member" busy={isSubmitting} busyLabel="Approving…" />
      </form>
    </Modal>
  );
}
