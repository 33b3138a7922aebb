import { ComingSoon } from '../../components/coming-soon';

export function TeamProfilePage() {
  return <ComingSoon title="Team Profile" />;
}
