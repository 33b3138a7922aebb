// The fields of each page document, as its editor shows them. Each editor is given the draft, changes
// it whole, and is told the message of a field the server refused (by its dotted path).
import type { CharterPage, FaqItem, FaqPage, GearPage, HomeCard, HomeCardIcon, HomeFigure, HomePage, HomePhoto, JoinPage, ResourcesPage } from '../../../../domain/documents/club-pages';
import { BUILT_IN_PHOTOS, HOME_CARD_ICONS, HOME_CARD_ICON_LABELS, faqId } from '../../../../domain/documents/club-pages';
import { taxWords } from '../../../../domain/documents/club-fees';
import { taxRateOf } from '../../../../domain/payments/money';
import { HOME_PHOTO_FIELD, type ClubDocument } from '../../../../domain/contract/club/club-documents';
import { call, errorMessage } from '../../../lib/data/api-client';
import { useState } from 'react';
import { MarkdownHtml } from '../../../components/markdown-html';
import { FormField } from '../../../components/form-field';
import { ReorderableList } from './reorderable-list';
import { PlaceholderList } from './placeholder-list';

export interface FieldsProps<T> {
  value: T;
  onChange: (next: T) => void;
  /** The server's message for the field at `path`, if it refused it. */
  errorAt: (path: string) => string | undefined;
}

const MARKDOWN_HINT =
  'Markdown: **bold**, *italic*, [a link](https://…), a blank line between paragraphs, - for a list. A placeholder in braces, such as {club}, becomes the club’s setting.';

/** The hint and the list of placeholders of a Markdown field (its texts' placeholders are filled in). */
const MARKDOWN_HELP = { hint: MARKDOWN_HINT, extra: <PlaceholderList /> };

export function FaqFields({ value, onChange, errorAt }: FieldsProps<FaqPage>) {
  const setItem = (index: number, item: Partial<FaqItem>) =>
    onChange({ items: value.items.map((old, i) => (i === index ? { ...old, ...item } : old)) });
  return (
    <>
      {errorAt('items') && <p className="field-error">{errorAt('items')}</p>}
      <ReorderableList
        label="Questions, in the page's order"
        items={value.items}
        onChange={(items) => onChange({ items })}
        itemKey={(item) => item.id}
        itemName={(item, index) => `question ${index + 1}${item.question ? `: ${item.question}` : ''}`}
      >
        {(item, index) => (
          <>
            <FormField label="Question" error={errorAt(`items.${index}.question`)}>
              {(control) => (
                <input {...control} type="text" value={item.question} maxLength={200} onChange={(e) => setItem(index, { question: e.target.value })} />
              )}
            </FormField>
            <FormField label="Answer" {...MARKDOWN_HELP} error={errorAt(`items.${index}.answer`)}>
              {(control) => (
                <textarea {...control} rows={5} value={item.answer} maxLength={4000} onChange={(e) => setItem(index, { answer: e.target.value })} />
              )}
            </FormField>
          </>
        )}
      </ReorderableList>
      <button
        type="button"
        className="button button--small"
        onClick={() => {
          const ids = value.items.map((i) => i.id);
          onChange({ items: [...value.items, { id: faqId(`question ${ids.length + 1}`, ids), question: '', answer: '' }] });
        }}
      >
        Add a question
      </button>
    </>
  );
}

export function ResourcesFields({ value, onChange, errorAt }: FieldsProps<ResourcesPage>) {
  const setLink = (index: number, link: Partial<ResourcesPage['links'][number]>) =>
    onChange({ ...value, links: value.links.map((old, i) => (i === index ? { ...old, ...link } : old)) });
  return (
    <>
      <FormField label="Text while there are no links" error={errorAt('placeholder')}>
        {(control) => <input {...control} type="text" value={value.placeholder} maxLength={300} onChange={(e) => onChange({ ...value, placeholder: e.target.value })} />}
      </FormField>
      <ReorderableList
        label="Links, in the page's order"
        items={value.links}
        onChange={(links) => onChange({ ...value, links })}
        itemKey={(_, index) => String(index)}
        itemName={(link, index) => `link ${index + 1}${link.title ? `: ${link.title}` : ''}`}
      >
        {(link, index) => (
          <>
            <FormField label="Title" error={errorAt(`links.${index}.title`)}>
              {(control) => <input {...control} type="text" value={link.title} maxLength={120} onChange={(e) => setLink(index, { title: e.target.value })} />}
            </FormField>
            <FormField label="Address" hint="https://…, mailto:… or a page of this site (/schedule)" error={errorAt(`links.${index}.url`)}>
              {(control) => <input {...control} type="text" inputMode="url" value={link.url} maxLength={2000} onChange={(e) => setLink(index, { url: e.target.value })} />}
            </FormField>
          </>
        )}
      </ReorderableList>
      <button type="button" className="button button--small" onClick={() => onChange({ ...value, links: [...value.links, { title: '', url: '' }] })}>
        Add a link
      </button>
    </>
  );
}

export function GearFields({ value, onChange, errorAt }: FieldsProps<GearPage>) {
  const setItem = (index: number, item: Partial<GearPage['items'][number]>) =>
    onChange({ ...value, items: value.items.map((old, i) => (i === index ? { ...old, ...item } : old)) });
  return (
    <>
      <FormField label="Text while there are no items" error={errorAt('placeholder')}>
        {(control) => <input {...control} type="text" value={value.placeholder} maxLength={300} onChange={(e) => onChange({ ...value, placeholder: e.target.value })} />}
      </FormField>
      <ReorderableList
        label="Items, in the page's order"
        items={value.items}
        onChange={(items) => onChange({ ...value, items })}
        itemKey={(_, index) => String(index)}
        itemName={(item, index) => `item ${index + 1}${item.name ? `: ${item.name}` : ''}`}
      >
        {(item, index) => (
          <>
            <FormField label="Name" error={errorAt(`items.${index}.name`)}>
              {(control) => <input {...control} type="text" value={item.name} maxLength={120} onChange={(e) => setItem(index, { name: e.target.value })} />}
            </FormField>
            <FormField label="Description" {...MARKDOWN_HELP} error={errorAt(`items.${index}.description`)}>
              {(control) => <textarea {...control} rows={4} value={item.description} maxLength={2000} onChange={(e) => setItem(index, { description: e.target.value })} />}
            </FormField>
          </>
        )}
      </ReorderableList>
      <button type="button" className="button button--small" onClick={() => onChange({ ...value, items: [...value.items, { name: '', description: '' }] })}>
        Add an item
      </button>
    </>
  );
}

export function JoinFields({ value, onChange, errorAt }: FieldsProps<JoinPage>) {
  const set = (part: Partial<JoinPage>) => onChange({ ...value, ...part });
  const setAt = <F extends 'athleteTypes' | 'steps' | 'fees'>(field: F, index: number, part: Partial<JoinPage[F][number]>) =>
    set({ [field]: value[field].map((old, i) => (i === index ? { ...old, ...part } : old)) } as Partial<JoinPage>);
  return (
    <>
      <FormField label="Line under the title" error={errorAt('intro')}>
        {(control) => <textarea {...control} rows={2} value={value.intro} maxLength={400} onChange={(e) => set({ intro: e.target.value })} />}
      </FormField>
      <FormField label="Our goal" {...MARKDOWN_HELP} error={errorAt('goal')}>
        {(control) => <textarea {...control} rows={5} value={value.goal} maxLength={3000} onChange={(e) => set({ goal: e.target.value })} />}
      </FormField>

      <fieldset className="page-editor__group">
        <legend>Who can join</legend>
        {errorAt('whoCanJoin') && <p className="field-error">{errorAt('whoCanJoin')}</p>}
        <ReorderableList
          label="Who can join, in order"
          items={value.whoCanJoin}
          onChange={(whoCanJoin) => set({ whoCanJoin })}
          itemKey={(_, index) => String(index)}
          itemName={(_, index) => `line ${index + 1}`}
        >
          {(line, index) => (
            <FormField label="Line" error={errorAt(`whoCanJoin.${index}`)}>
              {(control) => (
                <input {...control} type="text" value={line} maxLength={400} onChange={(e) => set({ whoCanJoin: value.whoCanJoin.map((old, i) => (i === index ? e.target.value : old)) })} />
              )}
            </FormField>
          )}
        </ReorderableList>
        <button type="button" className="button button--small" onClick={() => set({ whoCanJoin: [...value.whoCanJoin, ''] })}>
          Add a line
        </button>
      </fieldset>

      <fieldset className="page-editor__group">
        <legend>Athlete types</legend>
        <ReorderableList
          label="Athlete types, in order"
          items={value.athleteTypes}
          onChange={(athleteTypes) => set({ athleteTypes })}
          itemKey={(_, index) => String(index)}
          itemName={(t, index) => `athlete type ${index + 1}${t.name ? `: ${t.name}` : ''}`}
        >
          {(t, index) => (
            <>
              <FormField label="Name" error={errorAt(`athleteTypes.${index}.name`)}>
                {(control) => <input {...control} type="text" value={t.name} maxLength={60} onChange={(e) => setAt('athleteTypes', index, { name: e.target.value })} />}
              </FormField>
              <FormField label="Text" error={errorAt(`athleteTypes.${index}.text`)}>
                {(control) => <textarea {...control} rows={3} value={t.text} maxLength={600} onChange={(e) => setAt('athleteTypes', index, { text: e.target.value })} />}
              </FormField>
            </>
          )}
        </ReorderableList>
        <button type="button" className="button button--small" onClick={() => set({ athleteTypes: [...value.athleteTypes, { name: '', text: '' }] })}>
          Add an athlete type
        </button>
      </fieldset>

      <fieldset className="page-editor__group">
        <legend>The steps</legend>
        {errorAt('steps') && <p className="field-error">{errorAt('steps')}</p>}
        <ReorderableList
          label="Steps, in order"
          items={value.steps}
          onChange={(steps) => set({ steps })}
          itemKey={(_, index) => String(index)}
          itemName={(step, index) => `step ${index + 1}${step.title ? `: ${step.title}` : ''}`}
        >
          {(step, index) => (
            <>
              <FormField label="Title" error={errorAt(`steps.${index}.title`)}>
                {(control) => <input {...control} type="text" value={step.title} maxLength={120} onChange={(e) => setAt('steps', index, { title: e.target.value })} />}
              </FormField>
              <FormField label="Text" {...MARKDOWN_HELP} error={errorAt(`steps.${index}.text`)}>
                {(control) => <textarea {...control} rows={3} value={step.text} maxLength={1000} onChange={(e) => setAt('steps', index, { text: e.target.value })} />}
              </FormField>
            </>
          )}
        </ReorderableList>
        <button type="button" className="button button--small" onClick={() => set({ steps: [...value.steps, { title: '', text: '' }] })}>
          Add a step
        </button>
      </fieldset>

      <fieldset className="page-editor__group">
        <legend>Fees</legend>
        <ReorderableList
          label="Packages, in the table's order"
          items={value.fees}
          onChange={(fees) => set({ fees })}
          itemKey={(_, index) => String(index)}
          itemName={(row, index) => `package ${index + 1}${row.name ? `: ${row.name}` : ''}`}
        >
          {(row, index) => (
            <div className="page-editor__row">
              <FormField label="Package" error={errorAt(`fees.${index}.name`)}>
                {(control) => <input {...control} type="text" value={row.name} maxLength={60} onChange={(e) => setAt('fees', index, { name: e.target.value })} />}
              </FormField>
              <FormField label="For" error={errorAt(`fees.${index}.for`)}>
                {(control) => <input {...control} type="text" value={row.for} maxLength={60} onChange={(e) => setAt('fees', index, { for: e.target.value })} />}
              </FormField>
              <FormField label="Covers" error={errorAt(`fees.${index}.covers`)}>
                {(control) => <input {...control} type="text" value={row.covers} maxLength={80} onChange={(e) => setAt('fees', index, { covers: e.target.value })} />}
              </FormField>
              <FormField label={`Fee${taxWords(value.tax) ? ` (${taxWords(value.tax)})` : ''}`} error={errorAt(`fees.${index}.fee`)}>
                {(control) => (
                  <input
                    {...control}
                    type="number"
                    inputMode="decimal"
                    min={0}
                    step="any"
                    value={Number.isFinite(row.fee) ? row.fee : ''}
                    onChange={(e) => setAt('fees', index, { fee: e.target.value === '' ? Number.NaN : Number(e.target.value) })}
                  />
                )}
              </FormField>
            </div>
          )}
        </ReorderableList>
        <button type="button" className="button button--small" onClick={() => set({ fees: [...value.fees, { name: '', for: '', covers: '', fee: 0 }] })}>
          Add a package
        </button>
        <FormField label="Tax on the fees" hint="Its short name (HST, GST, VAT), or empty when the club charges none" error={errorAt('tax.name')}>
          {(control) => <input {...control} type="text" value={value.tax.name} maxLength={12} onChange={(e) => set({ tax: { ...value.tax, name: e.target.value } })} />}
        </FormField>
        <label className="admin-checkbox">
          <input type="checkbox" checked={value.tax.included} onChange={(e) => set({ tax: { ...value.tax, included: e.target.checked } })} />
          <span>The fees include the tax</span>
        </label>
        <FormField label="Tax rate (%)" hint="What a payment charges on top of a fee, or counts inside it (13 for HST in Ontario)" error={errorAt('tax.rate')}>
          {(control) => (
            <input
              {...control}
              type="number"
              inputMode="decimal"
              min={0}
              max={100}
              step="any"
              value={taxRateOf(value.tax)}
              onChange={(e) => set({ tax: { ...value.tax, rate: e.target.value === '' ? Number.NaN : Number(e.target.value) } })}
            />
          )}
        </FormField>
        <FormField label="Note under the fees" {...MARKDOWN_HELP} error={errorAt('feesNote')}>
          {(control) => <textarea {...control} rows={3} value={value.feesNote} maxLength={1000} onChange={(e) => set({ feesNote: e.target.value })} />}
        </FormField>
      </fieldset>
    </>
  );
}

/** The fields of a text members sign or accept (the charter, the waiver): one Markdown text in sections. */
function signedTextFields(label: string) {
  return function SignedTextFields({ value, onChange, errorAt }: FieldsProps<CharterPage>) {
    return (
      <FormField label={label} hint={`${MARKDOWN_HINT} Start each section with ### and its title.`} extra={<PlaceholderList />} error={errorAt('text')}>
        {(control) => <textarea {...control} rows={24} value={value.text} maxLength={30000} onChange={(e) => onChange({ text: e.target.value })} />}
      </FormField>
    );
  };
}

export const CharterFields = signedTextFields('Charter');
export const WaiverFields = signedTextFields('Waiver');

export function HomeFields({ value, onChange, errorAt }: FieldsProps<HomePage>) {
  const set = (part: Partial<HomePage>) => onChange({ ...value, ...part });
  const setPhoto = (index: number, part: Partial<HomePhoto>) => set({ photos: value.photos.map((old, i) => (i === index ? { ...old, ...part } : old)) });
  const missing = BUILT_IN_PHOTOS.filter((p) => !value.photos.some((q) => q.image === p.image));
  return (
    <>
      <FormField label="Title" hint="Its last word is drawn in the accent colour." error={errorAt('title')}>
        {(control) => <input {...control} type="text" value={value.title} maxLength={80} onChange={(e) => set({ title: e.target.value })} />}
      </FormField>
      <FormField label="Tagline" error={errorAt('tagline')}>
        {(control) => <textarea {...control} rows={2} value={value.tagline} maxLength={300} onChange={(e) => set({ tagline: e.target.value })} />}
      </FormField>
      <FormField label="About text" hint={`${MARKDOWN_HINT} The first paragraph is the lead.`} extra={<PlaceholderList />} error={errorAt('about')}>
        {(control) => <textarea {...control} rows={6} value={value.about} maxLength={3000} onChange={(e) => set({ about: e.target.value })} />}
      </FormField>
      <fieldset className="page-editor__group">
        <legend>Slideshow photos</legend>
        {errorAt('photos') && <p className="field-error">{errorAt('photos')}</p>}
        <ReorderableList
          label="Photos, in the slideshow's order"
          items={value.photos}
          onChange={(photos) => set({ photos })}
          itemKey={(photo) => photo.image}
          itemName={(photo, index) => `photo ${index + 1}${photo.caption ? `: ${photo.caption}` : ''}`}
        >
          {(photo, index) => (
            <div className="page-editor__photo">
              <img src={`${photo.image}-800.webp`} alt="" width={160} height={90} loading="lazy" />
              <div>
                <FormField label="Alt text (what the photo shows)" error={errorAt(`photos.${index}.alt`)}>
                  {(control) => <textarea {...control} rows={2} value={photo.alt} maxLength={300} onChange={(e) => setPhoto(index, { alt: e.target.value })} />}
                </FormField>
                <FormField label="Caption" error={errorAt(`photos.${index}.caption`)}>
                  {(control) => <input {...control} type="text" value={photo.caption} maxLength={120} onChange={(e) => setPhoto(index, { caption: e.target.value })} />}
                </FormField>
              </div>
            </div>
          )}
        </ReorderableList>
        <PhotoUpload onUploaded={(image) => set({ photos: [...value.photos, { image, alt: '', caption: '' }] })} />
        {missing.length > 0 && (
          <p className="page-editor__actions">
            {missing.map((photo) => (
              <button key={photo.image} type="button" className="button button--small" onClick={() => set({ photos: [...value.photos, photo] })}>
                Add the {photo.caption.split(' · ')[0]} photo back
              </button>
            ))}
          </p>
        )}
      </fieldset>
      <HomeCardsFields value={value} set={set} errorAt={errorAt} />
      <HomeFiguresFields value={value} set={set} errorAt={errorAt} />
    </>
  );
}

interface HomePartProps {
  value: HomePage;
  set: (part: Partial<HomePage>) => void;
  errorAt: (path: string) => string | undefined;
}

/** The cards under "About the club": a picture, a title and a short text each. */
function HomeCardsFields({ value, set, errorAt }: HomePartProps) {
  const setCard = (index: number, part: Partial<HomeCard>) => set({ cards: value.cards.map((old, i) => (i === index ? { ...old, ...part } : old)) });
  return (
    <fieldset className="page-editor__group">
      <legend>Cards under “About the club”</legend>
      {errorAt('cards') && <p className="field-error">{errorAt('cards')}</p>}
      <ReorderableList
        label="Cards, in the page's order"
        items={value.cards}
        onChange={(cards) => set({ cards })}
        itemKey={(_, index) => String(index)}
        itemName={(card, index) => `card ${index + 1}${card.title ? `: ${card.title}` : ''}`}
      >
        {(card, index) => (
          <>
            <FormField label="Card picture" error={errorAt(`cards.${index}.icon`)}>
              {(control) => (
                <select {...control} value={card.icon} onChange={(e) => setCard(index, { icon: e.target.value as HomeCardIcon })}>
                  {HOME_CARD_ICONS.map((icon) => (
                    <option key={icon} value={icon}>
                      {HOME_CARD_ICON_LABELS[icon]}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
            <FormField label="Card title" error={errorAt(`cards.${index}.title`)}>
              {(control) => <input {...control} type="text" value={card.title} maxLength={40} onChange={(e) => setCard(index, { title: e.target.value })} />}
            </FormField>
            <FormField label="Card text" error={errorAt(`cards.${index}.text`)}>
              {(control) => <textarea {...control} rows={3} value={card.text} maxLength={400} onChange={(e) => setCard(index, { text: e.target.value })} />}
            </FormField>
          </>
        )}
      </ReorderableList>
      {value.cards.length < 6 && (
        <button type="button" className="button button--small" onClick={() => set({ cards: [...value.cards, { icon: 'none', title: '', text: '' }] })}>
          Add a card
        </button>
      )}
    </fieldset>
  );
}

/** The figures beside the cards: a short value over its label, placeholders filled in. */
function HomeFiguresFields({ value, set, errorAt }: HomePartProps) {
  const setFigure = (index: number, part: Partial<HomeFigure>) => set({ figures: value.figures.map((old, i) => (i === index ? { ...old, ...part } : old)) });
  return (
    <fieldset className="page-editor__group">
      <legend>Figures</legend>
      {errorAt('figures') && <p className="field-error">{errorAt('figures')}</p>}
      <ReorderableList
        label="Figures, in the page's order"
        items={value.figures}
        onChange={(figures) => set({ figures })}
        itemKey={(_, index) => String(index)}
        itemName={(figure, index) => `figure ${index + 1}${figure.label ? `: ${figure.label}` : ''}`}
      >
        {(figure, index) => (
          <div className="page-editor__row">
            <FormField
              label="Figure"
              hint="Short: 2 h, or a placeholder such as {terms-a-year} that follows the club's settings."
              extra={<PlaceholderList />}
              error={errorAt(`figures.${index}.value`)}
            >
              {(control) => <input {...control} type="text" value={figure.value} maxLength={40} onChange={(e) => setFigure(index, { value: e.target.value })} />}
            </FormField>
            <FormField label="Figure's label" error={errorAt(`figures.${index}.label`)}>
              {(control) => <input {...control} type="text" value={figure.label} maxLength={60} onChange={(e) => setFigure(index, { label: e.target.value })} />}
            </FormField>
          </div>
        )}
      </ReorderableList>
      {value.figures.length < 4 && (
        <button type="button" className="button button--small" onClick={() => set({ figures: [...value.figures, { value: '', label: '' }] })}>
          Add a figure
        </button>
      )}
    </fieldset>
  );
}

/** The home page's texts and photos as the editor previews them (the hero itself is the public page's). */
export function HomePreview({ document }: { document: ClubDocument<'home-page'> }) {
  const { title, tagline, photos, cards, figures } = document.body;
  return (
    <div className="home-preview">
      <h2>{title}</h2>
      <p className="lead">{tagline}</p>
      <MarkdownHtml html={document.html?.about ?? ''} />
      <ul className="home-preview__photos">
        {photos.map((photo) => (
          <li key={photo.image}>
            <img src={`${photo.image}-800.webp`} alt={photo.alt} width={160} height={90} loading="lazy" />
            <span>{photo.caption}</span>
          </li>
        ))}
      </ul>
      <ul className="disciplines">
        {cards.map((card, index) => (
          <li key={index} className="card discipline">
            <h3>{card.title}</h3>
            <p>{card.text}</p>
          </li>
        ))}
      </ul>
      <dl className="facts">
        {figures.map((figure, index) => (
          <div key={index}>
            <dt>{document.filled?.[`figures.${index}.label`] ?? figure.label}</dt>
            <dd>{document.filled?.[`figures.${index}.value`] ?? figure.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** "Add a photo": the file goes through the server's picture pipeline; the editor then writes its alt text. */
function PhotoUpload({ onUploaded }: { onUploaded: (image: string) => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  return (
    <FormField label="Add a photo" hint="JPEG, PNG, WebP or AVIF, at most 5 MB; cropped to 16:9. Then say what it shows." error={error || undefined}>
      {(control) => (
        <input
          {...control}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
          disabled={busy}
          onChange={(e) => {
            const input = e.currentTarget;
            const file = input.files?.[0];
            if (!file) return;
            const form = new FormData();
            form.append(HOME_PHOTO_FIELD, file);
            setBusy(true);
            setError('');
            call('POST /club/photos', { body: form })
              .then(({ image }) => onUploaded(image))
              .catch((err: unknown) => setError(errorMessage(err, 'The photo could not be uploaded. Try again.')))
              .finally(() => {
                setBusy(false);
                input.value = '';
              });
          }}
        />
      )}
    </FormField>
  );
}
