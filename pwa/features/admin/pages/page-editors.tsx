// The fields of each page document, as its editor shows them. Each editor is given the draft, changes
// it whole, and is told the message of a field the server refused (by its dotted path).
import type { FaqItem, FaqPage, GearPage, ResourcesPage } from '../../../../domain/club-pages';
import { faqId } from '../../../../domain/club-pages';
import { FormField } from '../../../components/form-field';
import { ReorderableList } from './reorderable-list';

export interface FieldsProps<T> {
  value: T;
  onChange: (next: T) => void;
  /** The server's message for the field at `path`, if it refused it. */
  errorAt: (path: string) => string | undefined;
}

const MARKDOWN_HINT = 'Markdown: **bold**, *italic*, [a link](https://…), a blank line between paragraphs, - for a list.';

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
            <FormField label="Answer" hint={MARKDOWN_HINT} error={errorAt(`items.${index}.answer`)}>
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
            <FormField label="Description" hint={MARKDOWN_HINT} error={errorAt(`items.${index}.description`)}>
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
