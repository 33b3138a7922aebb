import { useMemo } from 'react';
import { canonicalLocale, clubFormat } from '../../../../domain/region/club-format';
import { phoneCountries, phoneExample } from '../../../../domain/region/phone';
import { FormField } from '../../../components/form-field';
import { setClubRegion } from '../../../lib/club/club-region';
import { DocumentFrame } from '../common/document-frame';
import { useDocumentEditor } from '../common/use-document-editor';

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
  // This device writes dates and reads numbers the new way at once; the others with their next /api/config.
  const editor = useDocumentEditor('region', { what: 'country and language', onPublished: (saved) => setClubRegion(saved.body) });
  const inForce = editor.origin?.body.country ?? '';
  const countries = useMemo(() => countryChoices(inForce), [inForce]);

  return (
    <DocumentFrame
      editor={editor}
      className="form"
      saveLabel="Save country and language"
      savedNotice={(saved) => `Saved: phone numbers are read for ${saved.body.country}, dates are written in ${saved.body.locale}.`}
      theirs={({ body }) => `Another administrator set the country to ${body.country} and the language to ${body.locale} while you were choosing.`}
      showsField={(path) => path === 'country' || path === 'locale'}
      requireChange
    >
      {(draft) => {
        const locale = canonicalLocale(draft.locale);
        return (
          <>
            <FormField
              label="Country"
              error={editor.errorAt('country')}
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
              error={editor.errorAt('locale')}
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
                  onChange={(e) => editor.setDraft((d) => ({ ...d, locale: e.target.value }))}
                />
              )}
            </FormField>
          </>
        );
      }}
    </DocumentFrame>
  );
}
