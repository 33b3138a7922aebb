import { currencyCodes } from '../../../../domain/region/club-format';
import { FormField } from '../../../components/form-field';
import { ENTRY_HOLD_HOURS_MAX, ENTRY_HOLD_HOURS_MIN } from '../../../../domain/payments/payments';
import { useClubDocument } from '../../../lib/documents/page-documents';
import { formatCurrencyName } from '../../../lib/ui/format';
import { DocumentFrame } from '../common/document-frame';
import { useDocumentEditor } from '../common/use-document-editor';

/**
 * Payments (Admin → Rules): the club's currency, what a paid membership does, who handles the money,
 * and how long a race place is held while its entry fee is unpaid.
 */
export function PaymentSettingsForm() {
  const editor = useDocumentEditor('payments', { what: 'payment settings' });
  const positions = useClubDocument('team-positions').data?.body.positions ?? [];
  return (
    <section className="card" aria-labelledby="payment-settings-title">
      <h2 id="payment-settings-title">Payments</h2>
      <DocumentFrame
        editor={editor}
        className="form"
        saveLabel="Save payment settings"
        savedNotice="Payment settings saved: they apply to the next payment."
        theirs={({ body }) => `Another administrator set the currency to ${body.currency}${body.activateOnPayment ? ', a paid membership activating the account,' : ''} while you were editing.`}
        showsField={(path) => ['currency', 'activateOnPayment', 'positions', 'reminderDays', 'entryHoldHours'].includes(path.split('.')[0]!)}
      >
        {(draft) => (
          <>
            <FormField label="Currency" error={editor.errorAt('currency')} hint="What members pay in; the fees on Join us are in it.">
              {(control) => (
                <select {...control} value={draft.currency} onChange={(e) => editor.setDraft((d) => ({ ...d, currency: e.target.value }))}>
                  {currencyCodes().map((code) => (
                    <option key={code} value={code}>
                      {code} · {formatCurrencyName(code)}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
            <FormField label="Days between two reminders" error={editor.errorAt('reminderDays')} hint="A member who owes is reminded at most once in this many days.">
              {(control) => (
                <input {...control} type="number" min={1} max={60} value={draft.reminderDays} onChange={(e) => editor.setDraft((d) => ({ ...d, reminderDays: e.target.valueAsNumber }))} />
              )}
            </FormField>
            <FormField
              label="Hours a race place is held unpaid"
              error={editor.errorAt('entryHoldHours')}
              hint="A member who enters a race with an entry fee keeps the place this long while the fee is unpaid; then the entry is let go and they are told."
            >
              {(control) => (
                <input
                  {...control}
                  type="number"
                  min={ENTRY_HOLD_HOURS_MIN}
                  max={ENTRY_HOLD_HOURS_MAX}
                  value={draft.entryHoldHours}
                  onChange={(e) => editor.setDraft((d) => ({ ...d, entryHoldHours: e.target.valueAsNumber }))}
                />
              )}
            </FormField>
            <label className="admin-checkbox">
              <input type="checkbox" checked={draft.activateOnPayment} onChange={(e) => editor.setDraft((d) => ({ ...d, activateOnPayment: e.target.checked }))} />
              <span>A paid membership activates the account at once (otherwise an administrator approves it)</span>
            </label>
            <fieldset>
              <legend>Execs who handle payments</legend>
              <p className="hint">The exec whose card on the team page (Admin → Team) holds one of these positions sees Admin → Payments, records cash and refunds.</p>
              {positions.map((p) => (
                <label key={p.id} className="admin-checkbox">
                  <input
                    type="checkbox"
                    checked={draft.positions.includes(p.id)}
                    onChange={(e) => editor.setDraft((d) => ({ ...d, positions: e.target.checked ? [...d.positions, p.id] : d.positions.filter((id) => id !== p.id) }))}
                  />
                  <span>{p.title}</span>
                </label>
              ))}
            </fieldset>
          </>
        )}
      </DocumentFrame>
    </section>
  );
}
