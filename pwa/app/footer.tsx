import { Link, useNavigate } from 'react-router-dom';
import { ClubEmailLink } from '../components/club-email-link';
import { useSession } from '../lib/session/session';
import { useClubIdentity } from '../lib/club/club-identity';

export function Footer() {
  const { user } = useSession();
  const navigate = useNavigate();
  const club = useClubIdentity();
  const social = ([['Instagram', club.instagram], ['Facebook', club.facebook], ['Strava', club.strava]] as const).filter(([, href]) => href);
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <nav aria-label="Quick links">
          <h2 className="site-footer__heading">Quick links</h2>
          <ul>
            <li><Link to="/">Home</Link></li>
            <li><Link to="/schedule">Schedule</Link></li>
            <li><Link to="/join-us">Join Us</Link></li>
            <li><Link to="/forum">Forum</Link></li>
            <li><Link to="/privacy">Privacy</Link></li>
          </ul>
        </nav>
        <div>
          <h2 className="site-footer__heading">Contact</h2>
          <p><ClubEmailLink /></p>
          {social.length > 0 && (
            <p className="social">
              {social.map(([label, href]) => (
                <a key={label} href={href} rel="noopener noreferrer" target="_blank">{label}</a>
              ))}
            </p>
          )}
        </div>
        {user && (
          <div>
            <p className="site-footer__welcome">Welcome, {user.name}!</p>
            <button type="button" className="button button--ghost" onClick={() => navigate('/logout')}>
              Logout
            </button>
          </div>
        )}
      </div>
      <p className="site-footer__legal">© {new Date().getFullYear()} {club.name}</p>
    </footer>
  );
}
