import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { useSession } from '../lib/session/session';
import { useClubIdentity } from '../lib/club/club-identity';
import { SectionBoundary } from '../lib/ui/section-boundary';
import { lazyNamed } from '../lib/ui/lazy-named';

// Loaded for signed-in users only: it brings the device database with it.
const SyncIndicator = lazyNamed(() => import('../features/sync/sync-indicator'), 'SyncIndicator');

const MORE = [
  { to: '/faq', label: 'FAQ' },
  { to: '/resources', label: 'Resources' },
  { to: '/team-gear', label: 'Team Gear' },
];

export function Navbar() {
  const { user, can } = useSession();
  const club = useClubIdentity();
  const [open, setOpen] = useState(false);
  const [moreOpen, setMoreOpen] = useState(false);
  const location = useLocation();
  const navigate = useNavigate();
  const moreRef = useRef<HTMLLIElement>(null);

  useEffect(() => {
    setOpen(false);
    setMoreOpen(false);
  }, [location.pathname]);

  useEffect(() => {
    if (!moreOpen) return;
    const close = (e: MouseEvent | KeyboardEvent) => {
      if (e instanceof KeyboardEvent ? e.key === 'Escape' : !moreRef.current?.contains(e.target as Node)) setMoreOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [moreOpen]);

  const links = [
    { to: '/', label: 'Home', show: true },
    { to: '/join-us', label: 'Join Us', show: true },
    { to: '/schedule', label: 'Schedule', show: true },
    { to: '/coaches-exec', label: 'Coaches & Exec', show: true },
    { to: '/races', label: 'Races', show: can('member') },
    { to: '/forum', label: 'Forum', show: !!user },
    { to: '/admin', label: 'Admin', show: can('administrator') },
    // Execs edit the club's pages when an administrator allows it; the screen says so when not.
    { to: '/admin/pages', label: 'Pages', show: user?.role === 'exec' },
    { to: '/profile', label: 'Profile', show: !!user },
  ];

  return (
    <header className="site-header">
      <nav className="navbar" aria-label="Main">
        <Link to="/" className="brand">
          <img src={club.logo ?? '/favicon.svg'} alt="" width="32" height="32" />
          <span>{club.shortName}</span>
        </Link>
        {user && (
          <SectionBoundary what="the sync status">
            <SyncIndicator />
          </SectionBoundary>
        )}
        <button
          type="button"
          className="navbar__toggle"
          aria-expanded={open}
          aria-controls="main-menu"
          onClick={() => setOpen((o) => !o)}
        >
          <span aria-hidden="true">☰</span>
          <span className="visually-hidden">Menu</span>
        </button>
        <ul id="main-menu" className={`navbar__menu${open ? ' navbar__menu--open' : ''}`}>
          {links
            .filter((l) => l.show)
            .map((l) => (
              <li key={l.to}>
                <NavLink to={l.to} end={l.to === '/'}>
                  {l.label}
                </NavLink>
              </li>
            ))}
          <li className="navbar__more" ref={moreRef}>
            <button type="button" aria-expanded={moreOpen} aria-haspopup="true" onClick={() => setMoreOpen((o) => !o)}>
              More <span aria-hidden="true">▾</span>
            </button>
            {moreOpen && (
              <ul className="dropdown">
                {MORE.map((l) => (
                  <li key={l.to}>
                    <NavLink to={l.to}>{l.label}</NavLink>
                  </li>
                ))}
              </ul>
            )}
          </li>
          {user ? (
            <li>
              <button type="button" className="navbar__logout" onClick={() => navigate('/logout')}>
                Logout
              </button>
            </li>
          ) : (
            <li>
              <NavLink to="/login" className="navbar__login">
                Login
              </NavLink>
            </li>
          )}
        </ul>
      </nav>
    </header>
  );
}
