import { ComingSoon } from '../../components/coming-soon';

export function ProfilePage() {
  return <ComingSoon title="Profile" />;
}
