import { useEffect, useRef, useState, type ReactNode } from 'react';

interface ReorderableListProps<T> {
  items: T[];
  onChange: (items: T[]) => void;
  /** A stable key of an item (its id, or its index for items that have none). */
  itemKey: (item: T, index: number) => string;
  /** How an item is named to a screen reader on its buttons ("question 3: Do I need a bike?"). */
  itemName: (item: T, index: number) => string;
  label: string;
  children: (item: T, index: number) => ReactNode;
}

export function moveItem<T>(items: T[], from: number, to: number): T[] {
  if (from === to || to < 0 || to >= items.length) return items;
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return next;
}

/**
 * A list an editor puts in order: by dragging an item's handle, or with its Move up / Move down
 * buttons (the keyboard's way; the focus stays on the button of the item that moved), and removes
 * items from it.
 */
export function ReorderableList<T>({ items, onChange, itemKey, itemName, label, children }: ReorderableListProps<T>) {
  const [dragging, setDragging] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const [focusAfter, setFocusAfter] = useState<string | null>(null);

  useEffect(() => {
    if (focusAfter === null) return;
    buttons.current.get(focusAfter)?.focus();
    setFocusAfter(null);
  }, [focusAfter, items]);

  const move = (from: number, to: number, direction: 'up' | 'down') => {
    if (to < 0 || to >= items.length) return;
    const key = itemKey(items[from]!, to);
    onChange(moveItem(items, from, to));
    // At the top (or bottom) its button in that direction is disabled: keep the focus on the other.
    const edge = direction === 'up' ? to === 0 : to === items.length - 1;
    setFocusAfter(`${key}:${edge ? (direction === 'up' ? 'down' : 'up') : direction}`);
  };

  return (
    <ol className="reorderable" aria-label={label}>
      {items.map((item, index) => {
        const key = itemKey(item, index);
        const name = itemName(item, index);
        return (
          <li
            key={key}
            className={`reorderable__item card${over === index && dragging !== null && dragging !== index ? ' reorderable__item--over' : ''}`}
            onDragOver={(e) => {
              if (dragging === null) return;
              e.preventDefault();
              setOver(index);
            }}
            onDrop={(e) => {
              e.preventDefault();
              if (dragging !== null) onChange(moveItem(items, dragging, index));
              setDragging(null);
              setOver(null);
            }}
          >
            <div className="reorderable__bar">
              <span
                className="reorderable__handle"
                draggable
                aria-hidden="true"
                title="Drag to reorder"
                onDragStart={(e) => {
                  e.dataTransfer.effectAllowed = 'move';
                  e.dataTransfer.setData('text/plain', String(index));
                  setDragging(index);
                }}
                onDragEnd={() => {
                  setDragging(null);
                  setOver(null);
                }}
              >
                ⠿
              </span>
              <span className="reorderable__number">{index + 1}</span>
              <span className="reorderable__buttons">
                <button
                  type="button"
                  className="button button--small button--ghost"
                  ref={(el) => void (el ? buttons.current.set(`${key}:up`, el) : buttons.current.delete(`${key}:up`))}
                  disabled={index === 0}
                  aria-label={`Move ${name} up`}
                  onClick={() => move(index, index - 1, 'up')}
                >
                  Up
                </button>
                <button
                  type="button"
                  className="button button--small button--ghost"
                  ref={(el) => void (el ? buttons.current.set(`${key}:down`, el) : buttons.current.delete(`${key}:down`))}
                  disabled={index === items.length - 1}
                  aria-label={`Move ${name} down`}
                  onClick={() => move(index, index + 1, 'down')}
                >
                  Down
                </button>
                <button
                  type="button"
                  className="button button--small button--danger"
                  aria-label={`Remove ${name}`}
                  onClick={() => onChange(items.filter((_, i) => i !== index))}
                >
                  Remove
                </button>
              </span>
            </div>
            {children(item, index)}
          </li>
        );
      })}
    </ol>
  );
}
