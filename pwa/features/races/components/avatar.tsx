import { useState } from 'react';

/** A member's picture, or the first letter of their name when there is none (or it fails to load). */
export function Avatar({ name, url }: { name: string; url: string | null }) {
  const [broken, setBroken] = useState(false);
  if (url && !broken) {
    return <img className="race-avatar" src={url} alt="" width={40} height={40} loading="lazy" onError={() => setBroken(true)} />;
  }
  return (
    <span className="race-avatar race-avatar--initial" aria-hidden="true">
      {name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}
