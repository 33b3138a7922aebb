import { useState } from 'react';

interface AvatarProps {
  name: string;
  url: string | null | undefined;
  /** Width and height in CSS pixels (the look, round and coloured, comes from `className`). */
  size: number;
  /** Text for screen readers; '' (the default) when the name is already written next to the picture. */
  alt?: string;
  /** The feature's class: the picture gets it, the fallbacks it with `--initial` / `--default`. */
  className: string;
  /** Without a picture (or when it fails to load): the name's first letter, or a person icon. */
  fallback?: 'initial' | 'icon';
  /** Load at once (a page's main picture); lists load theirs lazily. */
  eager?: boolean;
}

/**
 * Colours of an initial: each dark enough for white text at WCAG AA (at least 4.5:1, checked in
 * avatar.test.tsx), different enough that a roster of initials is not one blue column.
 */
export const INITIAL_COLOURS = ['#0b4f8a', '#1b6e3a', '#6b2fa0', '#a12a4f', '#0f6b6b', '#8a4b08', '#4a5568', '#b02a1e'] as const;

/** The same name always gets the same colour, on every screen and device. */
export function initialColour(name: string): string {
  let hash = 0;
  for (const ch of name.trim().toLowerCase()) hash = (hash * 31 + ch.codePointAt(0)!) >>> 0;
  return INITIAL_COLOURS[hash % INITIAL_COLOURS.length]!;
}

/** A member's picture, falling back to their initial or a person icon when there is none or it breaks. */
export function Avatar({ name, url, size, alt = '', className, fallback = 'initial', eager = false }: AvatarProps) {
  const [failed, setFailed] = useState<string | null>(null);
  if (url && failed !== url) {
    return (
      <img
        className={className}
        src={url}
        alt={alt}
        width={size}
        height={size}
        loading={eager ? undefined : 'lazy'}
        decoding="async"
        onError={() => setFailed(url)}
      />
    );
  }
  if (fallback === 'icon') {
    return (
      <svg
        className={`${className} ${className}--default`}
        viewBox="0 0 96 96"
        width={size}
        height={size}
        role={alt ? 'img' : undefined}
        aria-label={alt || undefined}
        aria-hidden={alt ? undefined : true}
        focusable="false"
      >
        {/* The club's colours (pwa/styles.css), as a style: an SVG attribute cannot name a CSS variable. */}
        <circle cx="48" cy="48" r="48" style={{ fill: 'var(--club-main-tint)' }} />
        <circle cx="48" cy="38" r="17" style={{ fill: 'var(--club-main-strong)' }} />
        <path d="M17 82c4-16 17-25 31-25s27 9 31 25a48 48 0 0 1-62 0z" style={{ fill: 'var(--club-main-strong)' }} />
      </svg>
    );
  }
  return (
    <span
      className={`${className} ${className}--initial`}
      style={{ width: size, height: size, background: initialColour(name), color: '#fff' }}
      aria-hidden="true"
    >
      {(name.trim()[0] ?? '?').toUpperCase()}
    </span>
  );
}
