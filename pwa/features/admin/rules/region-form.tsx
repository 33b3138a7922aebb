import { useMemo, useState } from 'react';
import { canonicalLocale, clubFormat } from '../../../../domain/region/club-format';
import { phoneCountries, phoneExample } from '../../../../domain/region/phone';
import type { ClubRegion } from '../../../../domain/region/club-region';
import { FormField } from '../../../components/form-field';
import { setClubRegion } from '../../../lib/club/club-region';
import { DocumentFrame } from '../common/document-frame';
import { useDocumentEditor } from '../common/use-document-editor';

const LOCALE_PROBLEM = 'Give a language and region this browser can write dates in, e.g. en-AU or en-US';

/** The countries the phone library knows, by their English names (the server checks the code again). */
function countryChoices(current: string): { code: string; name: string }[] {
  const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
  // Before the setting has loaded there is no current country; a browser throws on a code it cannot name.
  const nameOf = (code: string) => {
    try {
      return names.of(code) ?? code;
    } catch {
      return code;
    }
  };
  const codes = !current || phoneCountries().includes(current) ? phoneCountries() : [current, ...phoneCountries()];
  return codes.map((code) => ({ code, name: nameOf(code) })).sort((a, b) => a.name.localeCompare(b.name));
}

/** The club's country and language (Admin → Rules), each with what it changes shown before saving. */
export function RegionForm() {
  const editor = useDocumentEditor('region', { failed: 'The country and language could not be saved' });
  const [typedProblem, setTypedProblem] = useState<string | undefined>(undefined);
  const inForce = editor.origin?.body.country ?? '';
  const countries = useMemo(() => countryChoices(inForce), [inForce]);
  const refusedAt = (field: keyof ClubRegion) => (editor.refused?.field === field ? editor.refused.message : undefined);

  async function save() {
    const draft = editor.draft!;
    const locale = canonicalLocale(draft.locale);
    if (!locale) {
      setTypedProblem(LOCALE_PROBLEM);
      return;
    }
    const saved = await editor.publish({ country: draft.country, locale });
    // This device writes dates and reads numbers the new way at once; the others with their next /api/config.
    if (saved) setClubRegion(saved.body);
  }

  return (
    <DocumentFrame
      editor={editor}
      className="form"
      loading="Loading the country and language…"
      loadFailed="Failed to load the country and language"
      saveLabel="Save country and language"
      savedNotice={(saved) => `Saved: phone numbers are read for ${saved.body.country}, dates are written in ${saved.body.locale}.`}
      onSave={save}
      newerLabel="The newer country and language"
      theirs={(newer) => (
        <p>
          Another administrator set the country to {newer.body.country} and the language to {newer.body.locale} while you were choosing.
        </p>
      )}
      showsField={(field) => field === 'country' || field === 'locale'}
      requireChange
    >
      {(draft) => {
        const locale = canonicalLocale(draft.locale);
        return (
          <>
            <FormField
              label="Country"
              error={refusedAt('country')}
              hint={`A number typed without a country code is read as one of this country’s, e.g. ${phoneExample(draft.country)}. Numbers already kept stay as they are.`}
            >
              {(control) => (
                <select {...control} value={draft.country} onChange={(e) => editor.setDraft((d) => ({ ...d, country: e.target.value }))}>
                  {countries.map((c) => (
                    <option key={c.code} value={c.code}>
                      {c.name} ({c.code})
                    </option>
                  ))}
                </select>
              )}
            </FormField>
            <FormField
              label="Language and date format"
              error={typedProblem ?? refusedAt('locale')}
              hint={
                locale
                  ? `Dates will read: ${clubFormat(locale).dateTime('2026-03-02', '18:15')}`
                  : 'A language and region, e.g. en-AU (Australia), en-GB, en-US, fr-CA.'
              }
            >
              {(control) => (
                <input
                  {...control}
                  value={draft.locale}
                  autoCapitalize="off"
                  autoCorrect="off"
                  spellCheck={false}
                  maxLength={50}
                  onChange={(e) => {
                    setTypedProblem(undefined);
                    editor.setDraft((d) => ({ ...d, locale: e.target.value }));
                  }}
                />
              )}
            </FormField>
          </>
        );
      }}
    </DocumentFrame>
  );
}
