// Admin → Club: the club's name, home-screen label, tagline and description, main and accent colours,
// logo, contact address and links (the `club` document). A save checks them with the document's schema and publishes a new
// version; a problem shows beside its field; someone else's newer save is shown, and this form keeps what was typed.
import { useState, type ChangeEvent } from 'react';
import { DESCRIPTION_MAX, HEX_COLOUR, SHORT_NAME_MAX, TAGLINE_MAX, type ClubIdentity } from '../../../../domain/documents/club-identity';
import { CLUB_LOGO_FIELD } from '../../../../domain/contract/club/club';
import { FormField } from '../../../components/form-field';
import { setClubIdentity } from '../../../lib/club/club-identity';
import { call, errorMessage } from '../../../lib/data/api-client';
import { DocumentFrame } from '../common/document-frame';
import { useDocumentEditor, type DocumentEditor } from '../common/use-document-editor';
import './club-tab.css';

type Field = keyof ClubIdentity;

interface TextField {
  name: Exclude<Field, 'logo'>;
  label: string;
  type?: string;
  hint?: string;
  maxLength?: number;
}

/** The fields above the colours: the club's name and words. */
const NAME_FIELDS: TextField[] = [
  { name: 'name', label: 'Club name', maxLength: 80 },
  { name: 'shortName', label: 'Short name', hint: `The label under the app on a home screen: at most ${SHORT_NAME_MAX} characters.`, maxLength: SHORT_NAME_MAX },
  { name: 'tagline', label: 'Tagline', hint: `One line under the club's name on link previews, e.g. Swim · Bike · Run. At most ${TAGLINE_MAX} characters.`, maxLength: TAGLINE_MAX },
  {
    name: 'description',
    label: 'Description',
    hint: `A sentence or two about the club: what search results, shared links and the installed app say of it. At most ${DESCRIPTION_MAX} characters.`,
    maxLength: DESCRIPTION_MAX,
  },
];

/** The fields below the logo: how to reach the club. */
const CONTACT_FIELDS: TextField[] = [
  { name: 'contactEmail', label: 'Contact email', type: 'email', hint: 'Where membership receipts and questions go; shown in the footer.' },
  { name: 'instagram', label: 'Instagram', type: 'url', hint: 'Leave empty to show no link.' },
  { name: 'facebook', label: 'Facebook', type: 'url', hint: 'Leave empty to show no link.' },
  { name: 'strava', label: 'Strava', type: 'url', hint: 'Leave empty to show no link.' },
];

/** Admin → Club. */
export function ClubTab() {
  // The header, titles and colours of this device follow at once; the others with their next /api/config.
  const editor = useDocumentEditor('club', { what: 'settings', onPublished: (saved) => setClubIdentity(saved.body) });
  const [uploading, setUploading] = useState(false);
  return (
    <DocumentFrame
      editor={editor}
      className="form club-form"
      aria-labelledby="club-settings-heading"
      savedNotice="Saved. Every page, the emails and the installed app follow the new settings."
      theirs={({ body }) => `The newer settings: ${body.name} (${body.shortName}), ${body.mainColour} and ${body.accentColour}, ${body.contactEmail}.`}
      showsField={(path) => FIELDS.has(path)}
      busy={uploading}
    >
      {(draft) => <ClubFields editor={editor} identity={draft} uploading={uploading} setUploading={setUploading} />}
    </DocumentFrame>
  );
}

const COLOUR_FIELDS: { name: 'mainColour' | 'accentColour'; label: string; hint: string }[] = [
  {
    name: 'mainColour',
    label: 'Main colour',
    hint: "The header, footer, buttons and links, and the installed app's title bar; the lighter shades the app uses are made from it. White text on it must be readable (4.5:1).",
  },
  {
    name: 'accentColour',
    label: 'Accent colour',
    hint: 'Join Us and Sign in, the last word of the home title, counts and highlights. White text on it, and it as text on white, must be readable (4.5:1).',
  },
];

/** How white text looks on a colour as it is typed (nothing until it is a whole hex colour). */
function Swatch({ colour }: { colour: string }) {
  return (
    <span className="club-form__swatch" style={{ background: HEX_COLOUR.test(colour) ? colour : 'transparent' }} aria-hidden="true">
      Aa
    </span>
  );
}

/** The fields a problem is shown beside: every one of the document's. */
const FIELDS = new Set<string>([...NAME_FIELDS, ...COLOUR_FIELDS, ...CONTACT_FIELDS].map((f) => f.name as string).concat('logo'));

function ClubFields({
  editor,
  identity,
  uploading,
  setUploading,
}: {
  editor: DocumentEditor<'club'>;
  identity: ClubIdentity;
  uploading: boolean;
  setUploading: (uploading: boolean) => void;
}) {
  // An upload the server refused is the logo field's own message, until the next try.
  const [uploadError, setUploadError] = useState<string | undefined>(undefined);
  const text = (name: Exclude<Field, 'logo'>) => ({
    value: identity[name],
    onChange: (e: ChangeEvent<HTMLInputElement>) => editor.setDraft((d) => ({ ...d, [name]: e.target.value })),
  });

  async function uploadLogo(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setUploading(true);
    setUploadError(undefined);
    try {
      const body = new FormData();
      body.append(CLUB_LOGO_FIELD, file);
      const answer = await call('POST /club/logo', { body });
      editor.setDraft((d) => ({ ...d, logo: answer.logo }));
    } catch (error) {
      setUploadError(errorMessage(error, 'Could not upload the logo'));
    } finally {
      setUploading(false);
    }
  }

  return (
    <>
      <h2 id="club-settings-heading">Club settings</h2>
      {NAME_FIELDS.map((f) => (
        <FormField key={f.name} label={f.label} hint={f.hint} error={editor.errorAt(f.name)}>
          {(control) => <input {...control} type={f.type ?? 'text'} maxLength={f.maxLength} {...text(f.name)} />}
        </FormField>
      ))}
      {COLOUR_FIELDS.map((f) => (
        <FormField key={f.name} label={f.label} hint={f.hint} error={editor.errorAt(f.name)}>
          {(control) => (
            <span className="club-form__colour">
              <input {...control} type="text" inputMode="text" autoComplete="off" spellCheck={false} {...text(f.name)} />
              <Swatch colour={identity[f.name]} />
            </span>
          )}
        </FormField>
      ))}
      <FormField label="Logo" hint="A square picture works best. The app's icons and link previews are made from it." error={uploadError ?? editor.errorAt('logo')}>
        {(control) => (
          <span className="club-form__logo">
            <img src={identity.logo ?? '/favicon.svg'} alt={identity.logo ? 'The uploaded logo' : 'The built-in logo'} width="64" height="64" />
            <input {...control} type="file" accept="image/png,image/jpeg,image/webp,image/gif,image/avif" onChange={(e) => void uploadLogo(e)} disabled={uploading} />
            {uploading && <span role="status">Uploading…</span>}
          </span>
        )}
      </FormField>
      {CONTACT_FIELDS.map((f) => (
        <FormField key={f.name} label={f.label} hint={f.hint} error={editor.errorAt(f.name)}>
          {(control) => <input {...control} type={f.type ?? 'text'} {...text(f.name)} />}
        </FormField>
      ))}
    </>
  );
}
