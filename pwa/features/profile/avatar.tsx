/** The profile picture, or the first letter of the name when there is none. */
export function Avatar({ name, url, size }: { name: string; url: string | null; size: number }) {
  if (url) {
    return (
      <img
        className="profile-avatar"
        src={url}
        alt={`Profile picture of ${name}`}
        width={size}
        height={size}
      />
    );
  }
  return (
    <span
      className="profile-avatar profile-avatar--initial"
      style={{ width: size, height: size, fontSize: size / 2.4 }}
      aria-hidden="true"
    >
      {(name.trim()[0] ?? '?').toUpperCase()}
    </span>
  );
}
