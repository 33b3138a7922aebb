import { useState } from 'react';
import type { TeamMember } from '../../../api/contract/profiles';
import { imageSrc } from './team-member';

/** The team member's picture, or the default icon when there is none or it fails to load. */
export function TeamAvatar({ member, size, alt }: { member: Pick<TeamMember, 'image'>; size: number; alt: string }) {
  const src = imageSrc(member.image);
  const [failed, setFailed] = useState<string | null>(null);
  if (!src || failed === src) return <DefaultAvatar size={size} label={alt} />;
  return (
    <img
      className="team-avatar"
      src={src}
      alt={alt}
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(src)}
    />
  );
}

function DefaultAvatar({ size, label }: { size: number; label: string }) {
  return (
    <svg
      className="team-avatar team-avatar--default"
      viewBox="0 0 96 96"
      width={size}
      height={size}
      role={label ? 'img' : undefined}
      aria-label={label || undefined}
      aria-hidden={label ? undefined : true}
      focusable="false"
    >
      <circle cx="48" cy="48" r="48" fill="#e3eef9" />
      <circle cx="48" cy="38" r="17" fill="#0b4f8a" />
      <path d="M17 82c4-16 17-25 31-25s27 9 31 25a48 48 0 0 1-62 0z" fill="#0b4f8a" />
    </svg>
  );
}
