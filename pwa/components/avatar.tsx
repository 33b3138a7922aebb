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
        <circle cx="48" cy="48" r="48" fill="#e3eef9" />
        <circle cx="48" cy="38" r="17" fill="#0b4f8a" />
        <path d="M17 82c4-16 17-25 31-25s27 9 31 25a48 48 0 0 1-62 0z" fill="#0b4f8a" />
      </svg>
    );
  }
  return (
    <span className={`${className} ${className}--initial`} aria-hidden="true">
      {(name.trim()[0] ?? '?').toUpperCase()}
    </span>
  );
}
