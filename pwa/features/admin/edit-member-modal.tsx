import { useState } from 'react';
import { z } from 'zod';
import { updateMemberSchema, type AdminMember } from '../../../domain/contract/members/admin';
import { keepingKept, phoneIssue, type PhoneReader } from '../../../domain/contract/common';
import { readClubPhone, showClubPhone } from '../../lib/club/club-phone';
import { ROLE_LABELS, type Role } from '../../../domain/contract/roles';
import { FormField } from '../../components/form-field';
import { FormFooter } from '../../components/form-footer';
import { Modal } from '../../components/modal';
import { ErrorMessage } from '../../components/status';
import { errorMessage } from '../../lib/data/api-client';
import { addIssues, phoneInput, useContractForm } from '../../lib/forms/forms';
import { useUpdateMemberMutation } from './api/admin-mutations';
import { useSession } from '../../lib/session/session';

const ROLE_CHOICES: Role[] = ['pending', 'member', 'exec', 'administrator'];

interface Props {
  member: AdminMember;
  onClose: () => void;
  onSaved: (member: AdminMember) => void;
}

interface MemberValues {
  name: string;
  email: string;
  role: Role;
  phoneNumber: string;
  expiryDate: string;
  charterAccepted: boolean;
}

/** The body PUT /admin/members/{id}/update takes: charter as 1/0, no expiry as null. */
function toBody(v: MemberValues) {
  return {
    name: v.name,
    email: v.email,
    role: v.role,
    expiryDate: v.expiryDate || null,
    phoneNumber: v.phoneNumber,
    charterAccepted: v.charterAccepted ? (1 as const) : (0 as const),
  };
}

/** The member's rules as the server checks them, the phone number read for the club's country (the kept one left as it is). */
function memberFormSchema(read: PhoneReader) {
  const memberRules = updateMemberSchema(read);
  return z
    .object({
      name: z.string(),
      email: z.string(),
      role: z.string(),
      phoneNumber: z.string(),
      expiryDate: z.string(),
      charterAccepted: z.boolean(),
    })
    .superRefine((v, ctx) => void addIssues(memberRules, toBody(v as MemberValues), ctx));
}

export function EditMemberModal({ member, onClose, onSaved }: Props) {
  const { user } = useSession();
  const self = user?.id === member.id;
  const [error, setError] = useState('');
  const readPhone = keepingKept(readClubPhone, member.phone_number);
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = useContractForm<MemberValues>(memberFormSchema(readPhone), {
    defaultValues: {
      name: member.name,
      email: member.email,
      role: member.role as Role,
      // As the club shows it ('0412 345 678'); a number kept in an older form, as it was kept.
      phoneNumber: showClubPhone(member.phone_number),
      expiryDate: member.expiry_date ?? '',
      charterAccepted: member.charter_accepted === 1,
    },
  });
  const update = useUpdateMemberMutation();
  // The phone number's message shows while typing, before any submit: feedback before failure.
  const phone = watch('phoneNumber');
  const phoneError = errors.phoneNumber?.message ?? phoneIssue(readPhone, phone.trim());
  // A rejected account keeps its role unless the administrator picks another.
  const choices = member.role === 'rejected' ? [...ROLE_CHOICES, 'rejected' as const] : ROLE_CHOICES;

  const submit = handleSubmit(async (values) => {
    setError('');
    try {
      const answer = await update.mutateAsync({ id: member.id, body: toBody(values) });
      onSaved(answer.member);
    } catch (err) {
      setError(errorMessage(err, 'Failed to update the member. Please try again.'));
    }
  });

  const problem = error || errors.root?.message;
  return (
    <Modal title="Edit Member" onClose={onClose}>
      <form className="form" onSubmit={submit} noValidate>
        <FormField label="Name" error={errors.name?.message}>
          {(field) => <input {...field} maxLength={100} required data-autofocus {...register('name')} />}
        </FormField>
        <FormField label="Email" error={errors.email?.message}>
          {(field) => <input {...field} type="email" required {...register('email')} />}
        </FormField>
        <FormField
          label="Role"
          error={errors.role?.message}
          hint={self ? 'You cannot change your own role: another administrator has to.' : undefined}
        >
          {(field) => (
            <select {...field} disabled={self} {...register('role')}>
              {choices.map((r) => (
                <option key={r} value={r}>
                  {ROLE_LABELS[r]}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label="Phone" error={phoneError}>
          {(field) => <input {...field} {...phoneInput(register, 'phoneNumber')} />}
        </FormField>
        <FormField label="Expiry date" error={errors.expiryDate?.message} hint="Leave it empty for no expiry date.">
          {(field) => <input {...field} type="date" {...register('expiryDate')} />}
        </FormField>
        <label className="admin-checkbox">
          <input type="checkbox" {...register('charterAccepted')} />
          <span>Charter accepted</span>
        </label>
        {problem && <ErrorMessage>{problem}</ErrorMessage>}
        <FormFooter submitLabel="Save changes" busy={isSubmitting} />
      </form>
    </Modal>
  );
}
